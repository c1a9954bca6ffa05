-- public.roles: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.roles (
    name text NOT NULL,
    label text NOT NULL,
    description text NOT NULL,
    CONSTRAINT roles_description_check CHECK ((char_length(description) <= 500)),
    CONSTRAINT roles_label_check CHECK (((btrim(label) <> ''::text) AND (char_length(label) <= 64))),
    CONSTRAINT roles_name_check CHECK ((name ~ '^[a-z][a-z_]{0,31}$'::text))
);

COMMENT ON TABLE public.roles IS 'The staff roles a person can hold (one each, in staff_roles). What each may do is in role_permissions.';

ALTER TABLE ONLY public.roles
    ADD CONSTRAINT roles_pkey PRIMARY KEY (name);

ALTER TABLE public.roles ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.roles FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.roles TO service_role;
GRANT SELECT ON TABLE public.roles TO authenticated;

CREATE POLICY "Staff managers can read roles" ON public.roles
    FOR SELECT TO authenticated
    USING ((select public.has_permission('staff.manage')));

CREATE POLICY "Two-factor for reading roles" ON public.roles
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));

INSERT INTO public.roles (name, label, description) VALUES
    ('admin', 'Admin', 'Everything, including Staff and Site Settings.'),
    ('compliance', 'Compliance', 'Reviews blog posts and solutions before they go live: reads what waits, approves or requests changes. Writes nothing else.'),
    ('editor', 'Editor', 'The content: solutions, clients, testimonials, website content, blog posts, team, job openings and media.'),
    ('recruiter', 'Recruiter', 'Job openings and Applications: read, change status, download CVs.'),
    ('sales', 'Sales', 'Inbox and Subscribers: read, change status, export.');
