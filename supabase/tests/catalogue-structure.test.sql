-- Structure: every public table exists, has row-level security and a comment; functions have a
-- fixed search_path and only the intended ones are callable by visitors; no broad write policy;
-- the column contract that the seed, the API and the generated types rely on.
begin;
select plan(70);

select tables_are(
  'public',
  array[
    'website_content', 'clients', 'testimonials', 'team_members', 'solutions', 'blog_posts',
    'job_openings', 'site_settings', 'contact_messages', 'newsletter_subscribers',
    'job_applications', 'page_views', 'staff_roles', 'submission_log', 'roles', 'permissions',
    'role_permissions', 'redirects', 'mail_outbox', 'content_drafts', 'post_previews',
    'content_reviews', 'releases', 'release_items', 'release_previews', 'publication_records', 'edge_purges'
  ],
  'public has exactly the product tables'
);

-- Row-level security on every table ----------------------------------------------------------------
select ok(c.relrowsecurity, format('RLS is enabled on public.%s', c.relname))
from pg_class as c
join pg_namespace as n on n.oid = c.relnamespace
where n.nspname = 'public' and c.relkind = 'r'
order by c.relname;

select is_empty(
  $$ select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' and obj_description(c.oid, 'pg_class') is null $$,
  'every public table has a comment'
);

-- Functions ------------------------------------------------------------------------------------------
-- Functions that belong to extensions (pgTAP itself) are left out.
create temporary view own_functions as
  select p.oid, p.proname, p.prosecdef, p.proconfig
  from pg_proc as p
  join pg_namespace as n on n.oid = p.pronamespace
  where n.nspname = 'public'
    and not exists (select 1 from pg_depend as d where d.objid = p.oid and d.deptype = 'e');
grant select on own_functions to anon, authenticated;

select is_empty(
  $$ select proname from own_functions where prosecdef and not (coalesce(proconfig, '{}') @> array['search_path=""']) $$,
  'every security definer function has search_path fixed to empty'
);
select is_empty(
  $$ select proname from own_functions where not (coalesce(proconfig, '{}') @> array['search_path=""']) $$,
  'every function has search_path fixed to empty'
);
select is_empty(
  $$ select proname from own_functions where obj_description(oid, 'pg_proc') is null $$,
  'every function has a comment'
);
select set_eq(
  $$ select proname::text from own_functions where has_function_privilege('anon', oid, 'execute') $$,
  array[
    'has_role', 'is_admin', 'has_permission', 'is_email', 'is_safe_url', 'is_feature_list', 'is_valid_stats_content',
    'is_cv_object_name', 'job_opening_accepts_applications', 'job_opening_state', 'subscribe_newsletter', 'record_page_view',
    'is_own_unclaimed_cv', 'post_preview', 'release_preview',
    -- Newsletter links by token, and the privacy notice's version.
    'confirm_newsletter', 'unsubscribe_newsletter', 'privacy_notice_version'
  ],
  'anon may execute only the helpers policies need and the visitor rpcs'
);
select set_eq(
  $$ select proname::text from own_functions where prosecdef $$,
  array[
    'has_role', 'is_admin', 'has_permission', 'has_required_aal', 'current_staff',
    'job_opening_accepts_applications', 'job_opening_state', 'enforce_submission_limit',
    'guard_contact_message', 'guard_job_application', 'subscribe_newsletter', 'record_page_view',
    'is_own_unclaimed_cv', 'set_updated_at', 'queue_lead_mail', 'lead_notify_setting',
    -- Staff reads and writes of the private history tables, each checking the caller's role first.
    'activity_feed', 'activity_staff', 'log_personal_data_read', 'item_revisions', 'recently_deleted', 'restore_revision',
    'my_activity', 'log_staff_action',
    -- The media library's reads and rewrites, for staff with media.write only.
    'media_usage', 'rewrite_media_references',
    -- Preview links: made by post editors, or by reviewers of what waits, opened by a token's holder.
    'create_post_preview', 'create_review_preview', 'post_preview',
    -- Newsletter links by token, and the privacy notice's version.
    'confirm_newsletter', 'unsubscribe_newsletter', 'privacy_notice_version',
    -- Retention (service role) and personal-data requests (privacy.manage only).
    'apply_personal_data_retention', 'personal_data', 'erase_personal_data',
    -- Compliance sign-off: asked for by editors, decided by content.approve holders; releases built
    -- and published by editors of every kind they hold, or by the scheduler.
    'request_review', 'review_content', 'create_release', 'schedule_release', 'add_to_release',
    'remove_from_release', 'publish_release', 'roll_back_release', 'publish_due_releases', 'release_overview',
    'pending_changes', 'save_change', 'save_settings_for_review', 'create_release_preview', 'release_preview',
    -- The publication record: read by content.approve holders, verified by admins, its files archived
    -- by the web server's chore (service role).
    'verify_publication_record', 'publication_record_health', 'publication_snapshot', 'publication_changes',
    'publication_record_export', 'archived_blog_posts', 'archived_solutions', 'archived_website_content',
    'archived_testimonials', 'archived_clients', 'archived_team_members', 'archived_job_openings', 'archived_site_settings',
    'publication_files_to_archive', 'publication_file_archived', 'publication_files_to_remove'
  ],
  'security definer is used only by the narrow helpers, guards, visitor rpcs and role-checked history rpcs and media rpcs'
);
select is_empty(
  $$ select proname from own_functions
     where proname in ('enforce_submission_limit', 'guard_contact_message', 'guard_job_application',
                       'request_client_key', 'is_rate_limited_caller', 'set_updated_at', 'normalize_subscriber_email')
       and (has_function_privilege('anon', oid, 'execute') or has_function_privilege('authenticated', oid, 'execute')) $$,
  'internal functions are not callable by anon or authenticated'
);

-- Privileges -------------------------------------------------------------------------------------------
select is_empty(
  $$ select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r'
       and (has_table_privilege('anon', c.oid, 'insert, update, delete, truncate, references, trigger')) $$,
  'anon holds no table-wide write privilege on any public table'
);
select is_empty(
  $$ select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r'
       and has_table_privilege('authenticated', c.oid, 'truncate, references, trigger') $$,
  'authenticated cannot truncate (which skips RLS), reference or add triggers'
);
select set_eq(
  $$ select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' and has_table_privilege('anon', c.oid, 'select') $$,
  array['website_content', 'clients', 'testimonials', 'team_members', 'solutions', 'blog_posts',
        'job_openings', 'site_settings', 'redirects'],
  'anon can select only the tables the public site shows'
);
select set_eq(
  $$ select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r'
       and has_any_column_privilege('anon', c.oid, 'insert') $$,
  array['contact_messages', 'job_applications'],
  'anon can insert (some columns) only into contact_messages and job_applications'
);
select is_empty(
  $$ select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r'
       and not has_table_privilege('service_role', c.oid, 'select, insert, update, delete') $$,
  'service_role keeps full access to every table'
);

-- Policies -----------------------------------------------------------------------------------------------
select is_empty(
  $$ select tablename || ': ' || policyname from pg_policies
     where schemaname in ('public', 'storage') and cmd in ('INSERT', 'UPDATE', 'ALL')
       and permissive = 'PERMISSIVE' and with_check = 'true' $$,
  'no permissive write policy has a bare with check (true)'
);
select is_empty(
  $$ select tablename || ': ' || policyname from pg_policies
     where schemaname in ('public', 'storage') and cmd = 'ALL' $$,
  'no policy covers all commands at once (using and with check kept apart)'
);
select is_empty(
  $$ select tablename || ': ' || policyname from pg_policies
     where schemaname = 'public' and 'public' = any (roles) $$,
  'every policy names its roles'
);
select policies_are(
  'public', 'blog_posts',
  array[
    'Visitors can read live posts', 'Signed-in users can read live posts, post editors every post',
    'Post editors can add posts', 'Post editors can update posts', 'Post editors can delete posts',
    'Two-factor for reading drafts', 'Two-factor for adding blog posts', 'Two-factor for changing blog posts',
    'Two-factor for removing blog posts'
  ],
  'blog_posts has the expected policies'
);
select policies_are(
  'public', 'contact_messages',
  array[
    'Visitors can send contact messages', 'Lead readers can read contact messages',
    'Lead handlers can mark contact messages', 'Lead handlers can delete contact messages',
    'Two-factor for reading contact messages', 'Two-factor for changing contact messages',
    'Two-factor for removing contact messages'
  ],
  'contact_messages has the expected policies'
);
select policies_are('public', 'submission_log', array[]::name[], 'submission_log has no policy: nobody but service_role reaches it');

-- Column contract ---------------------------------------------------------------------------------------
select columns_are('public', 'website_content', array['id', 'section', 'key', 'content', 'updated_at', 'updated_by'], 'website_content columns');
select columns_are('public', 'clients', array['id', 'name', 'icon', 'logo_url', 'created_at', 'updated_at', 'updated_by', 'published'], 'clients columns');
select columns_are('public', 'testimonials', array['id', 'quote', 'name', 'title', 'avatar', 'rating', 'created_at', 'updated_at', 'updated_by', 'published'], 'testimonials columns');
select columns_are('public', 'team_members',
  array['id', 'name', 'position', 'bio', 'avatar', 'linkedin_url', 'twitter_url', 'order_index', 'created_at', 'updated_at', 'updated_by', 'published'],
  'team_members columns');
select columns_are('public', 'solutions',
  array['id', 'slug', 'title', 'category', 'shortdescription', 'longdescription', 'icon', 'url', 'features',
        'targetaudience', 'status', 'metadescription', 'seo_title', 'social_image', 'hide_from_search', 'created_at', 'updated_at', 'updated_by', 'published'],
  'solutions columns');
select columns_are('public', 'blog_posts',
  array['id', 'slug', 'title', 'excerpt', 'content', 'category', 'featured_image', 'author_name', 'author_avatar',
        'published', 'publish_at', 'tags', 'seo_title', 'seo_description', 'social_image', 'hide_from_search',
        'created_at', 'updated_at', 'updated_by'],
  'blog_posts columns');
select columns_are('public', 'job_openings',
  array['id', 'title', 'slug', 'location', 'country', 'street_address', 'region', 'remote', 'department', 'type', 'description', 'requirements', 'salary_min', 'salary_max',
        'salary_currency', 'salary_unit', 'active', 'closes_at', 'created_at', 'updated_at', 'updated_by'],
  'job_openings columns');
select columns_are('public', 'site_settings', array['id', 'key', 'value', 'updated_at', 'updated_by'], 'site_settings columns');
select columns_are('public', 'contact_messages',
  array['id', 'first_name', 'last_name', 'email', 'interested_in', 'message', 'status', 'client_key', 'created_at', 'updated_at', 'updated_by',
    'consent_at', 'privacy_notice_version'],
  'contact_messages columns');
select columns_are('public', 'newsletter_subscribers', array['id', 'email', 'status', 'created_at', 'updated_at', 'updated_by',
  'signed_up_at', 'confirmation_token_hash', 'confirmation_sent_at', 'confirmed_at', 'consent_at', 'privacy_notice_version',
  'unsubscribe_token', 'unsubscribed_at'], 'newsletter_subscribers columns');
select columns_are('public', 'job_applications',
  array['id', 'job_opening_id', 'name', 'email', 'phone', 'cover_note', 'cv_path', 'status', 'client_key', 'created_at', 'updated_at', 'updated_by',
    'consent_at', 'privacy_notice_version', 'keep_for_future_roles'],
  'job_applications columns');
select columns_are('public', 'page_views', array['path', 'day', 'count'], 'page_views columns');
select columns_are('public', 'staff_roles', array['user_id', 'role', 'created_at', 'updated_at'], 'staff_roles columns');

select col_default_is('public', 'blog_posts', 'published', 'true', 'new posts are published by default');
select col_default_is('public', 'job_openings', 'type', 'Full-time', 'job type defaults to Full-time');
select col_default_is('public', 'testimonials', 'rating', '5', 'rating defaults to 5');
select col_default_is('public', 'clients', 'icon', 'Building', 'client icon defaults to Building');

select set_eq(
  $$ select (select relname::text from pg_class where oid = tgrelid) from pg_trigger
     where tgfoid = 'public.set_updated_at()'::regprocedure and not tgisinternal $$,
  $$ select table_name::text from information_schema.columns
     where table_schema = 'public' and column_name = 'updated_at' $$,
  'every table with updated_at keeps it with the set_updated_at trigger'
);

-- Indexes behind the public queries ---------------------------------------------------------------------
select has_index('public', 'blog_posts', 'blog_posts_published_publish_at_idx', 'published posts, newest first');
select has_index('public', 'job_openings', 'job_openings_active_created_at_idx', 'active job openings, newest first');
select has_index('public', 'blog_posts', 'blog_posts_slug_key', 'blog post slug lookup');
select has_index('public', 'solutions', 'solutions_slug_key', 'solution slug lookup');

-- Storage buckets ----------------------------------------------------------------------------------------
select results_eq(
  $$ select id, public, file_size_limit from storage.buckets where id in ('applications', 'media') order by id $$,
  $$ values ('applications'::text, false, 5242880::bigint), ('media'::text, true, 5242880::bigint) $$,
  'media is public, applications is private, both capped at 5 MB'
);
select ok(
  (select not ('image/svg+xml' = any (allowed_mime_types)) from storage.buckets where id = 'media'),
  'media does not accept SVG (it can carry script)'
);

select * from finish();
rollback;
