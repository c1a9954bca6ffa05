-- public.role_permissions: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.role_permissions (
    role text NOT NULL,
    permission text NOT NULL
);

COMMENT ON TABLE public.role_permissions IS 'Which role holds which permission. Changing a role''s rights is a change of these rows; the policies stay as they are.';

ALTER TABLE ONLY public.role_permissions
    ADD CONSTRAINT role_permissions_pkey PRIMARY KEY (role, permission);

ALTER TABLE ONLY public.role_permissions
    ADD CONSTRAINT role_permissions_permission_fkey FOREIGN KEY (permission) REFERENCES public.permissions(name) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY public.role_permissions
    ADD CONSTRAINT role_permissions_role_fkey FOREIGN KEY (role) REFERENCES public.roles(name) ON UPDATE CASCADE ON DELETE CASCADE;

CREATE INDEX role_permissions_permission_idx ON public.role_permissions USING btree (permission);

ALTER TABLE public.role_permissions ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.role_permissions FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.role_permissions TO service_role;
GRANT SELECT ON TABLE public.role_permissions TO authenticated;

CREATE POLICY "Staff managers can read role permissions" ON public.role_permissions
    FOR SELECT TO authenticated
    USING ((select public.has_permission('staff.manage')));

CREATE POLICY "Two-factor for reading role permissions" ON public.role_permissions
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));

INSERT INTO public.role_permissions (role, permission) VALUES
    ('admin', 'applications.read'),
    ('admin', 'applications.write'),
    ('admin', 'content.approve'),
    ('admin', 'content.write'),
    ('admin', 'jobs.write'),
    ('admin', 'leads.read'),
    ('admin', 'leads.write'),
    ('admin', 'media.write'),
    ('admin', 'posts.write'),
    ('admin', 'privacy.manage'),
    ('admin', 'settings.write'),
    ('admin', 'staff.manage'),
    ('admin', 'views.read'),
    ('compliance', 'content.approve'),
    ('editor', 'content.write'),
    ('editor', 'jobs.write'),
    ('editor', 'media.write'),
    ('editor', 'posts.write'),
    ('editor', 'views.read'),
    ('recruiter', 'applications.read'),
    ('recruiter', 'applications.write'),
    ('recruiter', 'jobs.write'),
    ('sales', 'leads.read'),
    ('sales', 'leads.write');
