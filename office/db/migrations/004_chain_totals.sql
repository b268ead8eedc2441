-- The chain's day (decision AB80): what every store of the organisation took per day, by the keys
-- a period's charts read, so the chain's month is a few thousand rows rather than every store's.
--
-- Counters of different stores add to the same chain rows at once: updated in each batch, those
-- rows would queue every batch of the organisation behind one lock. So a batch only appends what
-- it moved (`chain_day_moves`, written by the trigger on day_totals, never contended), and one
-- fold at a time (office_fold_chain) moves the appended rows into `chain_day_totals` in one
-- transaction: each move counted once, whether or not it was folded yet. A reader adds both.

-- The keys of the chain's day a store's key moves: the period's keys as they are, and a store's
-- takings once more as `store:<id>` (the chain's figures by store).
CREATE FUNCTION office_chain_keys(key text, store_id uuid) RETURNS text[]
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN key = 'takings' THEN ARRAY['takings', 'store:' || store_id::text]
    WHEN key LIKE 'pay:%' OR key LIKE 'product:%' OR key LIKE 'hour:%' OR key LIKE 'staff:%'
      THEN ARRAY[key]
    ELSE ARRAY[]::text[]
  END $$;

CREATE TABLE chain_day_moves (
  org_id uuid NOT NULL REFERENCES organisations,
  business_date date NOT NULL,
  key text NOT NULL,
  label text NOT NULL DEFAULT '',
  count bigint NOT NULL,
  amount bigint NOT NULL
);
CREATE INDEX chain_day_moves_by_day ON chain_day_moves (org_id, business_date);

CREATE TABLE chain_day_totals (
  org_id uuid NOT NULL REFERENCES organisations,
  business_date date NOT NULL,
  key text NOT NULL,
  label text NOT NULL DEFAULT '',
  count bigint NOT NULL DEFAULT 0,
  amount bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (org_id, business_date, key)
);

-- What an upsert into day_totals moved, appended per chain key (statement triggers: one insert
-- per batch, whatever its rows; an update moves the difference).
CREATE FUNCTION office_chain_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO chain_day_moves (org_id, business_date, key, label, count, amount)
  SELECT n.org_id, n.business_date, k, n.label, n.count, n.amount
    FROM inserted n, unnest(office_chain_keys(n.key, n.store_id)) AS k;
  RETURN NULL;
END $$;

CREATE FUNCTION office_chain_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO chain_day_moves (org_id, business_date, key, label, count, amount)
  SELECT n.org_id, n.business_date, k, n.label, n.count - o.count, n.amount - o.amount
    FROM updated n
    JOIN previous o USING (org_id, store_id, business_date, key),
         unnest(office_chain_keys(n.key, n.store_id)) AS k
   WHERE n.count <> o.count OR n.amount <> o.amount OR n.label <> o.label;
  RETURN NULL;
END $$;

CREATE TRIGGER day_totals_chain_inserted AFTER INSERT ON day_totals
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION office_chain_inserted();
CREATE TRIGGER day_totals_chain_updated AFTER UPDATE ON day_totals
  REFERENCING OLD TABLE AS previous NEW TABLE AS updated
  FOR EACH STATEMENT EXECUTE FUNCTION office_chain_updated();

-- Moves the organisation's appended rows into its chain totals; -1 when another fold of it is
-- under way (it will have them). Rows appended by batches not yet committed stay for the next.
CREATE FUNCTION office_fold_chain(org uuid) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  moved bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(4000041, hashtext(org::text)) THEN
    RETURN -1;
  END IF;
  WITH taken AS (
    DELETE FROM chain_day_moves WHERE org_id = org
    RETURNING business_date, key, label, count, amount
  ), summed AS (
    SELECT business_date, key, max(label) AS label, sum(count) AS count, sum(amount) AS amount,
           count(*) AS n
      FROM taken GROUP BY business_date, key
  ), folded AS (
    INSERT INTO chain_day_totals (org_id, business_date, key, label, count, amount)
    SELECT org, business_date, key, label, count, amount FROM summed
    ON CONFLICT (org_id, business_date, key) DO UPDATE
      SET count = chain_day_totals.count + excluded.count,
          amount = chain_day_totals.amount + excluded.amount,
          label = CASE WHEN excluded.label = '' THEN chain_day_totals.label ELSE excluded.label END
  )
  SELECT coalesce(sum(n), 0) INTO moved FROM summed;
  RETURN moved;
END $$;

-- The days already kept, moved in as if their batches had just come.
INSERT INTO chain_day_moves (org_id, business_date, key, label, count, amount)
SELECT t.org_id, t.business_date, k, t.label, t.count, t.amount
  FROM day_totals t, unnest(office_chain_keys(t.key, t.store_id)) AS k;

-- A counter's batch appends (the trigger runs as it); the chain's figures are read by whoever sees
-- the whole organisation — never a device, never a manager kept to some stores (AB53).
GRANT INSERT ON chain_day_moves TO office_tenant;
GRANT SELECT ON chain_day_moves, chain_day_totals TO office_tenant;
GRANT EXECUTE ON FUNCTION office_chain_keys(text, uuid) TO office_tenant;
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['chain_day_moves', 'chain_day_totals'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY office_service ON %I TO %I USING (true) WITH CHECK (true)',
                   t, current_user);
    EXECUTE format('CREATE POLICY office_tenant_reads ON %I FOR SELECT TO office_tenant
      USING (org_id = office_org() AND office_store() IS NULL AND office_stores() IS NULL)', t);
  END LOOP;
  CREATE POLICY office_tenant_appends ON chain_day_moves FOR INSERT TO office_tenant
    WITH CHECK (org_id = office_org());
END $$;
