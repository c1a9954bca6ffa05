-- public.permissions: the table, its indexes, grants, row-level security, triggers and policies, and the functions that belong to it.

CREATE TABLE public.permissions (
    name text NOT NULL,
    description text NOT NULL,
    CONSTRAINT permissions_description_check CHECK ((char_length(description) <= 500)),
    CONSTRAINT permissions_name_check CHECK ((name ~ '^[a-z_]+\.[a-z_]+$'::text))
);

COMMENT ON TABLE public.permissions IS 'The permissions policies check through has_permission(): one per kind of back-office work.';

ALTER TABLE ONLY public.permissions
    ADD CONSTRAINT permissions_pkey PRIMARY KEY (name);

ALTER TABLE public.permissions ENABLE ROW LEVEL SECURITY;

REVOKE ALL ON TABLE public.permissions FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.permissions TO service_role;
GRANT SELECT ON TABLE public.permissions TO authenticated;

CREATE POLICY "Staff managers can read permissions" ON public.permissions
    FOR SELECT TO authenticated
    USING ((select public.has_permission('staff.manage')));

CREATE POLICY "Two-factor for reading permissions" ON public.permissions
    AS RESTRICTIVE FOR SELECT TO authenticated
    USING ((select public.has_required_aal()));

INSERT INTO public.permissions (name, description) VALUES
    ('applications.read', 'Read job applications and download their CVs.'),
    ('applications.write', 'Change the status of job applications, and remove them and their CVs.'),
    ('content.approve', 'Read what waits for review; approve or reject blog posts and solutions before they go live.'),
    ('content.write', 'Add, change and remove solutions, clients, testimonials, team members and website content.'),
    ('jobs.write', 'Read inactive job openings; add, change and remove job openings.'),
    ('leads.read', 'Read and export contact messages and newsletter subscribers.'),
    ('leads.write', 'Change the status of contact messages and subscribers, and remove them.'),
    ('media.write', 'Upload, list, replace and remove files in the media bucket.'),
    ('posts.write', 'Read drafts; add, change and remove blog posts.'),
    ('privacy.manage', 'Answer personal-data requests: see, export and erase everything held about an e-mail address.'),
    ('settings.write', 'Change site settings, the back-office ones included.'),
    ('staff.manage', 'Read and change staff roles.'),
    ('views.read', 'Read the page-view figures.');
