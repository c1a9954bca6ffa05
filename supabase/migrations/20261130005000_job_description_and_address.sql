-- What Google's job search needs of every open role's page (schema.org JobPosting):
--
-- A description. Google refuses a posting whose description is empty, so every opening has one:
-- text, not only tags. An opening saved without one gets its requirements as paragraphs, or else
-- a sentence of its own facts, so no page loses its posting.
--
-- Where an on-site role is: its street address and region (the state or county), beside the town
-- of `location` and the country. Both are optional: the page falls back to the company's address
-- for the street when the role is in the company's town.

-- Descriptions ------------------------------------------------------------------------------------

alter table public.job_openings disable trigger user;
update public.job_openings as j
set description = coalesce(
  (
    select pg_catalog.string_agg('<p>' || pg_catalog.replace(pg_catalog.btrim(part, E' \t\r\n'), E'\n', '<br>') || '</p>', '' order by n)
    from pg_catalog.regexp_split_to_table(
           pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(j.requirements, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), E'\r\n', E'\n'),
           E'\n[ \t]*\n'
         ) with ordinality as p(part, n)
    where pg_catalog.btrim(part, E' \t\r\n') <> ''
  ),
  '<p>' || pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(j.title || ', ' || j.department || ', ' || j.location || '.', '&', '&amp;'), '<', '&lt;'), '>', '&gt;') || '</p>'
)
where j.description is null
   or pg_catalog.regexp_replace(j.description, '<[^>]*>|&nbsp;|&#160;|[[:space:]]', '', 'g') = '';
alter table public.job_openings enable trigger user;

alter table public.job_openings alter column description set not null;
alter table public.job_openings drop constraint job_openings_description_check;
alter table public.job_openings add constraint job_openings_description_check check (
  char_length(description) <= 50000
  -- Some text once the tags, non-breaking spaces and white space are gone.
  and pg_catalog.regexp_replace(description, '<[^>]*>|&nbsp;|&#160;|[[:space:]]', '', 'g') <> ''
);
comment on column public.job_openings.description is
  'The role in HTML (paragraphs, lists, headings), sanitized by the app on save and on render; required, with text: it is the JobPosting''s description.';

-- Address -------------------------------------------------------------------------------------------

alter table public.job_openings
  add column street_address text check (pg_catalog.btrim(street_address) <> '' and char_length(street_address) <= 200),
  add column region text check (pg_catalog.btrim(region) <> '' and char_length(region) <= 100);

comment on column public.job_openings.street_address is
  'Street address of an on-site role''s workplace (JobPosting streetAddress); optional: the company''s address is used for a role in the company''s town.';
comment on column public.job_openings.region is
  'Region of an on-site role''s workplace: state, province or county (JobPosting addressRegion); optional.';
