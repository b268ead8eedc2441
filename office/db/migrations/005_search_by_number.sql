-- Searching the books under row-level security (decision AB85): a condition may go into an index
-- only when its function cannot leak a row the policy hides (is leakproof); upper(), abs(), ILIKE
-- and @> are not, so those conditions are checked on rows the policy let through, never used to
-- find them. What a search can lean on instead:
-- - the records in the search's own order, so a page is read from the index's end and the scan
--   stops at its 51st match, rather than every record of the range sorted for each page;
-- - a booking's number as searched (in capitals), kept in a column of its own, so "=" (texteq,
--   leakproof) finds it by its index.
CREATE INDEX records_in_order ON records
  (org_id, store_id, business_date DESC, (coalesce(at, 0)) DESC, counter_id DESC, record_id DESC);
DROP INDEX records_by_day;

ALTER TABLE records ADD COLUMN reservation_key text
  GENERATED ALWAYS AS (upper(reservation_number)) STORED;
CREATE INDEX records_reservation_key ON records (org_id, store_id, reservation_key)
  WHERE reservation_key IS NOT NULL;
DROP INDEX records_reservation;

-- A guest's terms found by their GIN index (AB85): only a function running as the tables' owner
-- may use @> to find rows, so this one finds the candidates' keys, kept by its own conditions to
-- the tenant's organisation and the stores it may see, and the tenant's query reads those records
-- again under its policy, in the candidates' order (their day and time come with their keys, so a
-- page of a common name reads only its own records). `forms`: each form's terms as array text
-- ('{1,2,3}'), any form matching.
CREATE FUNCTION office_guest_matches(store uuid, first_day date, last_day date, forms text[])
  RETURNS TABLE (counter_id text, record_id text, business_date date, at0 bigint)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 200 AS $$
DECLARE
  any_form text;
BEGIN
  IF office_org() IS NULL
     OR (office_store() IS NOT NULL AND store <> office_store())
     OR (office_stores() IS NOT NULL AND NOT store = ANY (office_stores())) THEN
    RETURN;
  END IF;
  SELECT string_agg(format('r.guest_terms @> %L::integer[]', f::integer[]::text), ' OR ')
    INTO any_form FROM unnest(forms) AS f;
  IF any_form IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE format(
    'SELECT r.counter_id, r.record_id, r.business_date, coalesce(r.at, 0) FROM records r
      WHERE r.org_id = $1 AND r.store_id = $2 AND r.business_date BETWEEN $3 AND $4
        AND r.stream = %L AND (%s)', 'journal', any_form)
    USING office_org(), store, first_day, last_day;
END $$;
REVOKE ALL ON FUNCTION office_guest_matches(uuid, date, date, text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION office_guest_matches(uuid, date, date, text[]) TO office_tenant;
