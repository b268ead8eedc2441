-- The office's schema (decisions AB3, AB4). Every table is keyed by organisation first: org_id
-- leads each primary and unique key, so a distributed PostgreSQL (Citus) can shard every table
-- on org_id and keep one organisation's rows, and its joins, on one node.

CREATE TABLE organisations (
  org_id uuid PRIMARY KEY,
  name text NOT NULL,
  -- The organisation's data key, sealed with the office's master key (AES-256-GCM).
  data_key_wrapped bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE owners (
  org_id uuid NOT NULL REFERENCES organisations,
  owner_id uuid NOT NULL,
  email text NOT NULL,
  -- scrypt$N$r$p$salt$hash (decision AB5).
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, owner_id)
);
-- Log-in finds an owner by e-mail before the organisation is known: the one global key.
CREATE UNIQUE INDEX owners_email ON owners (lower(email));

CREATE TABLE owner_sessions (
  org_id uuid NOT NULL,
  token_hash bytea NOT NULL,
  owner_id uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, token_hash),
  FOREIGN KEY (org_id, owner_id) REFERENCES owners
);
CREATE UNIQUE INDEX owner_sessions_token ON owner_sessions (token_hash);

CREATE TABLE stores (
  org_id uuid NOT NULL REFERENCES organisations,
  store_id uuid NOT NULL,
  name text NOT NULL,
  reservation_store text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, store_id)
);

CREATE TABLE counters (
  org_id uuid NOT NULL,
  store_id uuid NOT NULL,
  counter_id text NOT NULL,
  name text NOT NULL,
  head_seq bigint NOT NULL DEFAULT 0,
  last_ack_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, store_id, counter_id),
  FOREIGN KEY (org_id, store_id) REFERENCES stores
);

CREATE TABLE devices (
  org_id uuid NOT NULL,
  store_id uuid NOT NULL,
  counter_id text NOT NULL,
  device_id uuid NOT NULL,
  -- SHA-256 of the credential's secret (decision AB6); the credential itself is never kept.
  credential_hash bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  PRIMARY KEY (org_id, store_id, device_id),
  FOREIGN KEY (org_id, store_id, counter_id) REFERENCES counters
);
CREATE UNIQUE INDEX devices_credential ON devices (credential_hash);
CREATE UNIQUE INDEX devices_id ON devices (org_id, device_id);

CREATE TABLE enrolment_codes (
  org_id uuid NOT NULL,
  store_id uuid NOT NULL,
  code_id uuid NOT NULL,
  secret_hash bytea NOT NULL,
  replaces_counter_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (org_id, store_id, code_id),
  FOREIGN KEY (org_id, store_id) REFERENCES stores
);
CREATE UNIQUE INDEX enrolment_codes_secret ON enrolment_codes (secret_hash);

CREATE TABLE records (
  org_id uuid NOT NULL,
  store_id uuid NOT NULL,
  counter_id text NOT NULL,
  record_id text NOT NULL,
  seq bigint NOT NULL,
  stream text NOT NULL CHECK (stream IN ('journal', 'audit')),
  business_date date,
  at bigint,
  kind text,
  amount bigint NOT NULL,
  -- The record whole, AES-256-GCM with the organisation's data key (decision AB8); null when the
  -- counter could not read it (`problem` says why).
  body_sealed bytea,
  problem text,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, store_id, counter_id, record_id),
  UNIQUE (org_id, store_id, counter_id, seq),
  FOREIGN KEY (org_id, store_id, counter_id) REFERENCES counters
);

CREATE TABLE tallies (
  org_id uuid NOT NULL,
  store_id uuid NOT NULL,
  counter_id text NOT NULL,
  business_date date NOT NULL,
  count bigint NOT NULL,
  sum bigint NOT NULL,
  reported_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, store_id, counter_id, business_date),
  FOREIGN KEY (org_id, store_id, counter_id) REFERENCES counters
);

-- Row-level security (decision AB4): tenant work runs as office_tenant, in a transaction that set
-- office.org_id (and, for a device, office.store_id) with set_config(…, true). The role that owns
-- the tables keeps a policy of its own for the few look-ups made before the tenant is known.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'office_tenant') THEN
    CREATE ROLE office_tenant NOLOGIN;
  END IF;
END $$;
DO $$
BEGIN
  EXECUTE format('GRANT office_tenant TO %I', current_user);
EXCEPTION WHEN others THEN
  -- A superuser may already SET ROLE to anyone; a grant it cannot make it does not need.
  NULL;
END $$;

CREATE FUNCTION office_org() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT NULLIF(current_setting('office.org_id', true), '')::uuid $$;
CREATE FUNCTION office_store() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT NULLIF(current_setting('office.store_id', true), '')::uuid $$;
GRANT EXECUTE ON FUNCTION office_org(), office_store() TO office_tenant;

GRANT SELECT, UPDATE ON organisations TO office_tenant;
GRANT SELECT ON owners TO office_tenant;
GRANT SELECT, INSERT, DELETE ON owner_sessions TO office_tenant;
GRANT SELECT, INSERT, UPDATE ON stores, counters, devices, enrolment_codes TO office_tenant;
GRANT SELECT, INSERT ON records TO office_tenant;
GRANT SELECT, INSERT, UPDATE ON tallies TO office_tenant;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['organisations', 'owners', 'owner_sessions', 'stores', 'counters',
                           'devices', 'enrolment_codes', 'records', 'tallies'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY office_service ON %I TO %I USING (true) WITH CHECK (true)',
                   t, current_user);
    IF t IN ('stores', 'counters', 'devices', 'enrolment_codes', 'records', 'tallies') THEN
      -- A device's transaction also sets its store: it sees that store's rows and no other.
      EXECUTE format('CREATE POLICY office_tenant ON %I TO office_tenant
        USING (org_id = office_org() AND (office_store() IS NULL OR store_id = office_store()))
        WITH CHECK (org_id = office_org() AND (office_store() IS NULL OR store_id = office_store()))', t);
    ELSE
      EXECUTE format('CREATE POLICY office_tenant ON %I TO office_tenant
        USING (org_id = office_org()) WITH CHECK (org_id = office_org())', t);
    END IF;
  END LOOP;
END $$;
