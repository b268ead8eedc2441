-- The owner's books on the web (decisions AB50–AB54): people with roles, the facts counters send
-- beside each record, each day's totals kept as records arrive, each counter's last report, the
-- accounts the exports post to, and a manager's stores enforced by the database as well.

-- People: the owner, store managers (their stores only), accountants (read and export).
ALTER TABLE owners ADD COLUMN role text NOT NULL DEFAULT 'owner'
  CHECK (role IN ('owner', 'manager', 'accountant'));
ALTER TABLE owners ADD COLUMN store_ids uuid[] NOT NULL DEFAULT '{}';
-- A session from the web page (cookie) or the API (bearer): the same row, told apart for the log.
ALTER TABLE owner_sessions ADD COLUMN via text NOT NULL DEFAULT 'api' CHECK (via IN ('api', 'web'));

-- A record's facts (office/protocol/books.ts) in columns the books search and total by. The
-- guest's name is sealed (guest_sealed: the name and its search keys); guest_terms holds keyed
-- hashes of the keys' pieces (decision AB51), which say nothing without the organisation's key.
ALTER TABLE records ADD COLUMN facts jsonb;
ALTER TABLE records ADD COLUMN hour smallint;
ALTER TABLE records ADD COLUMN staff_id text;
ALTER TABLE records ADD COLUMN staff_name text;
ALTER TABLE records ADD COLUMN refers_to text;
ALTER TABLE records ADD COLUMN reservation_number text;
ALTER TABLE records ADD COLUMN guest_sealed bytea;
ALTER TABLE records ADD COLUMN guest_terms integer[];
CREATE INDEX records_by_day ON records (org_id, store_id, business_date DESC, at DESC);
CREATE INDEX records_refers_to ON records (org_id, store_id, refers_to) WHERE refers_to IS NOT NULL;
CREATE INDEX records_reservation ON records (org_id, store_id, reservation_number)
  WHERE reservation_number IS NOT NULL;
CREATE INDEX records_guest ON records USING gin (guest_terms);

-- Each store's day, totalled as records arrive (one upsert per key per batch): the live page and
-- the period's charts read these rows, never the records. `key` says what is counted: `takings`,
-- `pay:<method>:<brand>`, `sale:<walk_in|collection|goods>`, `refund`, `correction`,
-- `cash:<in|out|exchange>`, `product:<booking|item>:<id>`, `hour:<HH>`, `staff:<id>`,
-- `active:<counter>` (records a counter made), `close:<counter>` (its over/short), `damaged`.
CREATE TABLE day_totals (
  org_id uuid NOT NULL,
  store_id uuid NOT NULL,
  business_date date NOT NULL,
  key text NOT NULL,
  -- What the key names as staff read it (a product's or a person's name, as last sent).
  label text NOT NULL DEFAULT '',
  count bigint NOT NULL DEFAULT 0,
  amount bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (org_id, store_id, business_date, key),
  FOREIGN KEY (org_id, store_id) REFERENCES stores
);
CREATE INDEX day_totals_by_day ON day_totals (org_id, business_date);

-- Each counter's last report of itself (office/protocol/books.ts CounterStatus).
ALTER TABLE counters ADD COLUMN status jsonb;
ALTER TABLE counters ADD COLUMN status_at timestamptz;
ALTER TABLE counters ADD COLUMN last_record_at bigint;

-- The accounts the accounting exports post to (AccountMapping), one row per organisation.
CREATE TABLE account_mappings (
  org_id uuid PRIMARY KEY REFERENCES organisations,
  mapping jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

GRANT SELECT, INSERT, UPDATE ON day_totals, account_mappings TO office_tenant;
GRANT INSERT, UPDATE ON owners TO office_tenant;
GRANT UPDATE ON records TO office_tenant;

-- A manager's transaction also sets the stores they may see (office.store_ids, '{…}'): the
-- store-keyed tables show them those stores' rows and no other, whatever the code above asks.
CREATE FUNCTION office_stores() RETURNS uuid[] LANGUAGE sql STABLE AS
  $$ SELECT NULLIF(current_setting('office.store_ids', true), '')::uuid[] $$;
GRANT EXECUTE ON FUNCTION office_stores() TO office_tenant;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['stores', 'counters', 'devices', 'enrolment_codes', 'records', 'tallies',
                           'day_totals'] LOOP
    IF t = 'day_totals' THEN
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
      EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
      EXECUTE format('CREATE POLICY office_service ON %I TO %I USING (true) WITH CHECK (true)',
                     t, current_user);
    ELSE
      EXECUTE format('DROP POLICY office_tenant ON %I', t);
    END IF;
    EXECUTE format('CREATE POLICY office_tenant ON %I TO office_tenant
      USING (org_id = office_org() AND (office_store() IS NULL OR store_id = office_store())
             AND (office_stores() IS NULL OR store_id = ANY (office_stores())))
      WITH CHECK (org_id = office_org() AND (office_store() IS NULL OR store_id = office_store())
             AND (office_stores() IS NULL OR store_id = ANY (office_stores())))', t);
  END LOOP;
  ALTER TABLE account_mappings ENABLE ROW LEVEL SECURITY;
  ALTER TABLE account_mappings FORCE ROW LEVEL SECURITY;
  EXECUTE format('CREATE POLICY office_service ON account_mappings TO %I USING (true) WITH CHECK (true)',
                 current_user);
  CREATE POLICY office_tenant ON account_mappings TO office_tenant
    USING (org_id = office_org()) WITH CHECK (org_id = office_org());
END $$;
