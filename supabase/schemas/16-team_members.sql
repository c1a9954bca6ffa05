-- public.team_members: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.team_members (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    "position" text NOT NULL,
    bio text NOT NULL,
    avatar text NOT NULL,
    linkedin_url text,
    twitter_url text,
    order_index integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_by uuid,
    published boolean DEFAULT true NOT NULL,
    CONSTRAINT team_members_avatar_check CHECK (public.is_safe_url(avatar)),
    CONSTRAINT team_members_bio_check CHECK (((btrim(bio) <> ''::text) AND (char_length(bio) <= 5000))),
    CONSTRAINT team_members_linkedin_url_check CHECK (public.is_safe_url(linkedin_url)),
    CONSTRAINT team_members_name_check CHECK (((btrim(name) <> ''::text) AND (char_length(name) <= 200))),
    CONSTRAINT team_members_order_index_check CHECK ((order_index >= 0)),
    CONSTRAINT team_members_position_check CHECK (((btrim("position") <> ''::text) AND (char_length("position") <= 200))),
    CONSTRAINT team_members_twitter_url_check CHECK (public.is_safe_url(twitter_url))
);

COMMENT ON TABLE public.team_members IS 'Leadership team on /about, listed by order_index (1 = first). Moving a member swaps places with the neighbour, so order_index is unique.';

COMMENT ON COLUMN public.team_members.published IS 'False: hidden from visitors (content editors still see it). A new one waits unpublished while publishing needs approval.';

COMMENT ON COLUMN public.team_members.updated_by IS 'The staff member who made the last change (set by trigger); null for changes made by scripts or visitors.';

ALTER TABLE ONLY public.team_members
    ADD CONSTRAINT team_members_order_index_key UNIQUE (order_index) DEFERRABLE INITIALLY DEFERRED;

ALTER TABLE ONLY public.team_members
    ADD CONSTRAINT team_members_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.team_members
    ADD CONSTRAINT team_members_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;

ALTER TABLE public.team_members ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.team_members FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.team_members TO service_role;
GRANT SELECT ON TABLE public.team_members TO anon;
GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.team_members TO authenticated;

CREATE FUNCTION public.swap_team_member_order(first_id uuid, second_id uuid) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  swapped integer;
begin
  if not (select public.has_permission('content.write')) then
    raise exception using errcode = '42501', message = 'Only content editors can reorder team members.';
  end if;
  if not (select public.has_required_aal()) then
    raise exception using errcode = '42501', message = 'Sign in with your two-factor code to reorder team members.';
  end if;
  if first_id is null or second_id is null or first_id = second_id then
    raise exception using errcode = '22023', message = 'Two different team members are needed to swap places.';
  end if;

  -- One statement swaps both places; the deferred unique constraint is checked at commit.
  update public.team_members as t
     set order_index = other.order_index
    from public.team_members as other
   where (t.id = first_id and other.id = second_id)
      or (t.id = second_id and other.id = first_id);

  get diagnostics swapped = row_count;
  if swapped <> 2 then
    raise exception using errcode = 'P0002', message = 'Team member not found.';
  end if;
end;
$$;

COMMENT ON FUNCTION public.swap_team_member_order(first_id uuid, second_id uuid) IS 'Move up/down on the Team screen: swaps the order_index of two team members in one statement. Needs content.write; security invoker, so the update policies (two-factor included) apply.';

REVOKE ALL ON FUNCTION public.swap_team_member_order(first_id uuid, second_id uuid) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.swap_team_member_order(first_id uuid, second_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.swap_team_member_order(first_id uuid, second_id uuid) TO service_role;

CREATE TRIGGER team_members_log AFTER INSERT OR DELETE OR UPDATE ON public.team_members FOR EACH ROW EXECUTE FUNCTION private.log_change('content');

CREATE TRIGGER team_members_require_approval BEFORE INSERT OR UPDATE ON public.team_members FOR EACH ROW EXECUTE FUNCTION private.require_approval();

CREATE TRIGGER team_members_set_updated_at BEFORE INSERT OR UPDATE ON public.team_members FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER team_members_withdraw_stale_reviews AFTER INSERT OR DELETE OR UPDATE ON public.team_members FOR EACH ROW EXECUTE FUNCTION private.withdraw_stale_reviews();

CREATE POLICY "Content editors can add team members" ON public.team_members
    FOR INSERT TO authenticated
    WITH CHECK ((select public.has_permission('content.write')));

CREATE POLICY "Content editors can delete team members" ON public.team_members
    FOR DELETE TO authenticated
    USING ((select public.has_permission('content.write')));

CREATE POLICY "Content editors can update team members" ON public.team_members
    FOR UPDATE TO authenticated
    USING ((select public.has_permission('content.write')))
    WITH CHECK ((select public.has_permission('content.write')));

CREATE POLICY "Staff read published team members, content editors all" ON public.team_members
    FOR SELECT TO authenticated
    USING ((published OR (select public.has_permission('content.write'))));

CREATE POLICY "Two-factor for reading unpublished team members" ON public.team_members
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((published OR (select public.has_required_aal())));

CREATE POLICY "Visitors can read published team members" ON public.team_members
    FOR SELECT TO anon
    USING (published);

CREATE POLICY "Two-factor for adding team members" ON public.team_members
    AS RESTRICTIVE FOR INSERT TO authenticated
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for changing team members" ON public.team_members
    AS RESTRICTIVE FOR UPDATE TO authenticated
    USING ((select public.has_required_aal()))
    WITH CHECK ((select public.has_required_aal()));

CREATE POLICY "Two-factor for removing team members" ON public.team_members
    AS RESTRICTIVE FOR DELETE TO authenticated
    USING ((select public.has_required_aal()));
