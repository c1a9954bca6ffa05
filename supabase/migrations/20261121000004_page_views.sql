-- Page views without cookies or personal data: one counter per path per day, fed only through
-- public.record_page_view(). Visitors cannot touch the table; admins read it for the dashboard.

create table public.page_views (
  path text not null check (char_length(path) <= 512 and path ~ '^/[^[:space:]?#]*$'),
  day date not null default current_date,
  count integer not null default 0 check (count >= 0),
  primary key (path, day)
);
comment on table public.page_views is
  'Daily view counts per page path (no visitor data). Written only by record_page_view(); readable by admins.';

alter table public.page_views enable row level security;
revoke all on table public.page_views from anon, authenticated;
grant select on table public.page_views to authenticated;
grant all on table public.page_views to service_role;

create index page_views_day_idx on public.page_views (day);

create policy "Admins can read page views"
  on public.page_views for select to authenticated
  using ((select public.is_admin()));

create function public.record_page_view(page_path text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- Query string and fragment are dropped: they can carry personal data and would split counts.
  v_path text := split_part(split_part(page_path, '#', 1), '?', 1);
begin
  if v_path is null or char_length(v_path) > 512 or v_path !~ '^/[^[:space:]?#]*$' then
    raise exception using errcode = '22023', message = 'Invalid page path.';
  end if;

  -- A flood of made-up paths could grow the table without bound: past 10000 distinct paths in a
  -- day, only paths already counted today are incremented.
  if not exists (select 1 from public.page_views as v where v.path = v_path and v.day = current_date)
     and (select count(*) from public.page_views as v where v.day = current_date) >= 10000 then
    return;
  end if;

  insert into public.page_views as v (path, day, count)
  values (v_path, current_date, 1)
  on conflict (path, day) do update set count = v.count + 1;
end;
$$;
comment on function public.record_page_view(text) is
  'Counts one view of a page path for today. The path must start with "/" and be at most 512 characters; query string and fragment are ignored.';

revoke execute on function public.record_page_view(text) from public;
grant execute on function public.record_page_view(text) to anon, authenticated, service_role;
