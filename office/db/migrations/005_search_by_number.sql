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
