-- The chain's lists set once (decisions AB70–AB79): the counter items, the reasons for a discount
-- and the staff (a name and a role: never a PIN), kept for every store of the organisation or for
-- one, whether the office manages each list at a store, and one revision per organisation that
-- every change moves on, so a counter asking "since" hears nothing when nothing changed.

-- An entry for every store of the organisation. `entry` is the list's own schema
-- (office/protocol/lists.ts), its version inside it as well.
CREATE TABLE chain_list_entries (
  org_id uuid NOT NULL REFERENCES organisations,
  list text NOT NULL CHECK (list IN ('items', 'discountReasons', 'staff')),
  entry_id text NOT NULL,
  entry jsonb NOT NULL,
  revision bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, list, entry_id)
);

-- An entry of one store: over the chain's entry of the same id, at that store.
CREATE TABLE store_list_entries (
  org_id uuid NOT NULL,
  store_id uuid NOT NULL,
  list text NOT NULL CHECK (list IN ('items', 'discountReasons', 'staff')),
  entry_id text NOT NULL,
  entry jsonb NOT NULL,
  revision bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, store_id, list, entry_id),
  FOREIGN KEY (org_id, store_id) REFERENCES stores
);

-- Whether the office manages a list at a store (no row: not managed, the counters keep it).
CREATE TABLE store_list_managed (
  org_id uuid NOT NULL,
  store_id uuid NOT NULL,
  list text NOT NULL CHECK (list IN ('items', 'discountReasons', 'staff')),
  managed boolean NOT NULL,
  revision bigint NOT NULL,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, store_id, list),
  FOREIGN KEY (org_id, store_id) REFERENCES stores
);

-- The organisation's lists' revision: each change takes the next (the row's lock orders them).
CREATE TABLE list_revisions (
  org_id uuid PRIMARY KEY REFERENCES organisations,
  revision bigint NOT NULL
);

GRANT SELECT, INSERT, UPDATE ON chain_list_entries, store_list_entries, store_list_managed,
  list_revisions TO office_tenant;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['chain_list_entries', 'store_list_entries', 'store_list_managed',
                           'list_revisions'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY office_service ON %I TO %I USING (true) WITH CHECK (true)',
                   t, current_user);
  END LOOP;
  -- A store's rows: its own organisation's, a device's store, a manager's stores (as 002's).
  FOREACH t IN ARRAY ARRAY['store_list_entries', 'store_list_managed'] LOOP
    EXECUTE format('CREATE POLICY office_tenant ON %I TO office_tenant
      USING (org_id = office_org() AND (office_store() IS NULL OR store_id = office_store())
             AND (office_stores() IS NULL OR store_id = ANY (office_stores())))
      WITH CHECK (org_id = office_org() AND (office_store() IS NULL OR store_id = office_store())
             AND (office_stores() IS NULL OR store_id = ANY (office_stores())))', t);
  END LOOP;
  -- Every store's entries: read by the whole organisation (a device, a manager too); written
  -- only by one who sees every store (an owner): never by a manager nor a device.
  CREATE POLICY office_tenant ON chain_list_entries TO office_tenant
    USING (org_id = office_org())
    WITH CHECK (org_id = office_org() AND office_store() IS NULL AND office_stores() IS NULL);
  -- The revision: the organisation's (a manager's change of their store moves it on too).
  CREATE POLICY office_tenant ON list_revisions TO office_tenant
    USING (org_id = office_org()) WITH CHECK (org_id = office_org());
END $$;
