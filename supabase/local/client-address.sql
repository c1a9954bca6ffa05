-- Run by the local backend for each sign-in attempt ($1 is the X-Forwarded-For chain with the
-- caller's address last): the client its sign-in limits count, the same the database's flood limits
-- key on (the rightmost address that is not a trusted proxy).
select private.client_address($1) as address
