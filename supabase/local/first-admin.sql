-- Run by the local backend once, in the transaction that creates the first account of an empty
-- data directory ($1 is the new account's id): that person becomes an admin of the back office.
insert into public.staff_roles (user_id, role) values ($1, 'admin')
