-- A booking's number is searched as staff type it, in either case (office/books/search.ts compares
-- upper() of both): the index is on that, so the search is a look-up, not a scan of the store-year.
CREATE INDEX records_reservation_upper ON records (org_id, store_id, upper(reservation_number));
DROP INDEX records_reservation;
