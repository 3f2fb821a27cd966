-- A CRM list is a few index probes: parallel workers for a scan of the records or their copies cost more
-- to start (60–95 ms for a walk of under 1 ms, decision 028) than they save. Set on the tables, once,
-- rather than by `SET LOCAL` in a transaction of its own around every list: that was three more round
-- trips per list (begin, set, commit), and a round trip's socket writes are a large part of a list's
-- cost in the server (decision 028, session 13).
ALTER TABLE crm_records SET (parallel_workers = 0);
--> statement-breakpoint
ALTER TABLE crm_record_values SET (parallel_workers = 0);
