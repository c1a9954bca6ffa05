-- Seed content for a fresh database (`supabase db reset`, or the local backend's first start).
--
-- Everything here is invented for this product: the company (Ledgerfield Technologies, Lagos),
-- its clients, people, quotes and articles. No real person is named or pictured; avatars and
-- images are generated SVGs under public/images/. Dates are relative to the moment of seeding
-- so the blog always looks recently active. Plain SQL, run once on empty tables.

-- Site settings -----------------------------------------------------------------------------------

insert into public.site_settings (key, value) values
  ('company_name', 'Ledgerfield Technologies'),
  ('company_logo_text', 'Ledgerfield'),
  ('company_tagline', 'Pioneering the future of financial technology with secure, scalable and innovative software.'),
  ('company_address', '12 Idowu Taylor Street, Victoria Island, Lagos, Nigeria'),
  ('contact_email', 'hello@ledgerfield.com.ng'),
  ('contact_phone', '+234 700 555 0100'),
  ('contact_phone_secondary', '+234 700 555 0101'),
  ('office_hours', 'Monday to Friday, 8:00 to 18:00'),
  ('careers_email', 'careers@ledgerfield.com.ng'),
  ('primary_color', '#2d317b'),
  ('secondary_color', '#28a9e1'),
  ('linkedin_url', 'https://www.linkedin.com/company/ledgerfield-technologies'),
  ('twitter_url', 'https://x.com/ledgerfieldhq'),
  ('facebook_url', 'https://www.facebook.com/ledgerfieldhq'),
  ('github_url', 'https://github.com/ledgerfield-technologies'),
  ('chat_url', 'https://wa.me/2347005550100'),
  ('booking_url', 'https://cal.com/ledgerfield/product-demo')
-- Migration 20261122003001 already adds the second phone and office hours with defaults.
on conflict (key) do update set value = excluded.value;

-- Website copy ------------------------------------------------------------------------------------

insert into public.website_content (section, key, content) values
  ('hero', 'main', jsonb_build_object(
    'badge', 'Fintech & enterprise software, built in Lagos',
    'title', 'Software that moves money, schools and businesses forward',
    'subtitle', 'Core banking, payments, debt recovery, HR and education platforms for institutions across Africa: secure by design, ready to scale, and supported by engineers who know your market.',
    'primaryButton', 'Request a Review',
    'secondaryButton', 'View Solutions Suite',
    'image', '/images/hero.svg',
    'imageAlt', 'Illustration of a Ledgerfield dashboard with account balances, a growth chart and a portfolio breakdown'
  )),
  ('stats', 'main', jsonb_build_object(
    'title', 'Trusted by institutions across Africa',
    'subtitle', 'More than a decade of building the systems that banks, schools and businesses run on every day.',
    'stats', jsonb_build_array(
      jsonb_build_object('icon', 'Users', 'number', '500+', 'label', 'Clients',
        'description', 'Banks, microfinance institutions, schools and enterprises'),
      jsonb_build_object('icon', 'Building', 'number', '10+', 'label', 'Software Products',
        'description', 'From core banking to HR, education and debt recovery'),
      jsonb_build_object('icon', 'Globe', 'number', '15+', 'label', 'Countries',
        'description', 'Deployments across West, East and Southern Africa'),
      jsonb_build_object('icon', 'Award', 'number', '99.9%', 'label', 'Uptime',
        'description', 'Measured across our hosted platforms every month')
    )
  )),
  ('about', 'main', jsonb_build_object(
    'badge', 'About Ledgerfield',
    'title', 'Building the software Africa''s institutions run on',
    'subtitle', 'Ledgerfield Technologies is a Lagos-based fintech and enterprise software company. We design, build and support the systems behind bank accounts, loan books, payrolls and classrooms, and we stay beside our clients long after go-live.'
  )),
  ('about', 'mission', jsonb_build_object(
    'title', 'Our Mission',
    'content', 'To give every bank, school and business we serve software that is secure, dependable and simple to run, so they can spend their energy on the people they serve rather than on the systems behind them.'
  )),
  ('about', 'vision', jsonb_build_object(
    'title', 'Our Vision',
    'content', 'An Africa where every institution, from a rural microfinance bank to a national school network, runs on technology as good as any in the world, built and supported close to home.'
  )),
  ('contact', 'main', jsonb_build_object(
    'badge', 'Get in touch',
    'title', 'Let''s talk about your next system',
    'subtitle', 'Tell us what you are building or replacing. A product specialist will reply within one business day with next steps, a demo slot or a proposal.'
  )),
  ('footer', 'main', jsonb_build_object(
    'description', 'Pioneering the future of financial technology with secure, scalable and innovative software for banks, schools and businesses across Africa.',
    'newsletterTitle', 'Stay in the loop',
    'newsletterDescription', 'Product news, engineering notes and fintech insight from our team in Lagos. One e-mail a month, no spam.'
  ));

-- Legal pages: HTML in content.content, edited in the admin as (title, content) ------------------

insert into public.website_content (section, key, content) values
  ('legal', 'privacy', jsonb_build_object(
    'title', 'Privacy Policy',
    'content', $html$<p>This Privacy Policy explains how Ledgerfield Technologies Limited (<strong>Ledgerfield</strong>, <strong>we</strong>, <strong>us</strong>) collects, uses, shares and protects personal data when you visit our website, contact us, apply for a job or use our products and services. Please read it together with our Terms of Use.</p>

<h2>1. Who We Are</h2>
<p>Ledgerfield Technologies Limited is a software company registered in Nigeria, with its office at 12 Idowu Taylor Street, Victoria Island, Lagos. For the personal data described in this policy we are the data controller. You can reach us at hello@ledgerfield.com.ng.</p>

<h2>2. Scope of This Policy</h2>
<p>This policy covers our public website, our newsletter, our recruitment process and the business relationships we have with clients, prospects and suppliers. When we process data inside a client's system on that client's instructions (for example, customer records held in a core banking system we host), the client is the controller and its own privacy notice applies; we act as its processor under a written agreement.</p>

<h2>3. Information We Collect</h2>
<p>Depending on how you interact with us, we may collect:</p>
<ul>
<li><strong>Contact details</strong>: your name, e-mail address, phone number, company and job title.</li>
<li><strong>Enquiry details</strong>: the product you are interested in and the message you send us.</li>
<li><strong>Recruitment data</strong>: your CV, cover note and any information you choose to share when applying for a role.</li>
<li><strong>Billing information</strong>: invoicing contacts and payment references for clients who buy our products or services.</li>
<li><strong>Usage information</strong>: which pages of our website are visited and how often, counted in aggregate.</li>
</ul>

<h2>4. How We Collect Information</h2>
<p>We collect information you give us directly, for example through our contact form, newsletter sign-up, job application form, e-mail or phone calls, and at events. We also receive business contact details from our clients and partners in the ordinary course of working together. We do not buy personal data from data brokers.</p>

<h2>5. How We Use Your Information</h2>
<ul>
<li>To answer your enquiries, arrange demos and prepare proposals.</li>
<li>To deliver, support and improve the products and services our clients have contracted.</li>
<li>To send the newsletter you subscribed to.</li>
<li>To assess job applications and communicate with candidates.</li>
<li>To invoice clients, keep accounts and meet our legal and regulatory obligations.</li>
<li>To keep our website and systems secure and to prevent fraud and abuse.</li>
</ul>

<h2>6. Legal Basis for Processing</h2>
<p>We process personal data in line with the Nigeria Data Protection Act 2023 and, where it applies, other data protection laws. Depending on the purpose, we rely on your consent (for example, for the newsletter), on the need to take steps before entering into or to perform a contract, on compliance with a legal obligation, or on our legitimate interests in running and protecting our business, balanced against your rights.</p>

<h2>7. Cookies and Website Analytics</h2>
<p>Our public website does not use advertising or tracking cookies. We count page views in aggregate, one figure per page per day, without cookies and without storing IP addresses or other identifiers. Staff who sign in to our administration area receive a session token that is strictly necessary for that sign-in to work.</p>

<h2>8. How We Share Information</h2>
<p>We do not sell personal data. We share it only with:</p>
<ul>
<li>Service providers who host our systems, deliver e-mail or support our operations, under contracts that require them to protect it and use it only on our instructions.</li>
<li>Professional advisers such as auditors and lawyers, under a duty of confidentiality.</li>
<li>Regulators, courts and law enforcement agencies when the law requires it.</li>
<li>A buyer or successor if our business is reorganised or sold, subject to this policy.</li>
</ul>

<h2>9. International Transfers</h2>
<p>Some of our service providers store data outside Nigeria. Where personal data leaves Nigeria, we make sure the destination offers an adequate level of protection or that appropriate safeguards, such as contractual clauses, are in place, as the Nigeria Data Protection Act 2023 requires.</p>

<h2>10. Data Retention</h2>
<p>We keep personal data only as long as we need it for the purpose it was collected for. Enquiries are kept for up to two years after our last contact. Job applications are kept for twelve months after the role is filled unless you ask us to keep them longer. Financial records are kept for the period required by tax and company law.</p>

<h2>11. Data Security</h2>
<p>We protect personal data with technical and organisational measures appropriate to the risk, including encryption in transit, access controls based on roles, logging of administrative actions, staff training and regular security reviews. No system is completely secure, so we also maintain an incident response procedure and will notify affected people and the regulator where the law requires.</p>

<h2>12. Your Privacy Rights</h2>
<p>Subject to the law, you have the right to be informed about how your data is used, to access it, to have it corrected or deleted, to restrict or object to its processing, to data portability, and to withdraw consent at any time without affecting processing that happened before. To exercise any of these rights, write to hello@ledgerfield.com.ng. We will reply within one month of receiving your request, and we may ask you to confirm your identity first.</p>

<h2>13. Children's Data</h2>
<p>Our website and services are intended for businesses and adults. We do not knowingly collect personal data from children under the age of 13. If you believe a child under 13 has given us personal data, please contact us and we will delete it. Where our education products process pupils' data, they do so on behalf of the school, which is responsible for obtaining any consent required from parents or guardians.</p>

<h2>14. Marketing Communications</h2>
<p>We send our newsletter only to people who have subscribed. Every e-mail contains a way to unsubscribe, and you can also ask us to remove you at any time. Unsubscribing does not affect service messages that clients need to receive about products they use.</p>

<h2>15. Job Applicants</h2>
<p>When you apply for a role, your CV and application are seen only by the people involved in hiring for that role. CV files are stored in private storage and shared internally through short-lived links. We use your application only to assess your suitability and to contact you about the process.</p>

<h2>16. Payments and Refund Policy</h2>
<p>Fees for licences, subscriptions and services are set out in each client's order form or contract. If you believe you have been charged in error or wish to cancel a newly purchased subscription, you must submit a refund request within 5 days of the payment by writing to hello@ledgerfield.com.ng with your invoice number. Approved refunds are paid to the original payment method and take up to 14 business days to complete. Fees for services already delivered, such as completed implementation or training days, are not refundable unless your contract says otherwise.</p>

<h2>17. Third-Party Links and Services</h2>
<p>Our website links to services run by others, such as our scheduling page, our messaging chat and our social media profiles. Those services have their own privacy policies, and we are not responsible for how they handle your data. Please read their policies before sharing information with them.</p>

<h2>18. Changes to This Policy</h2>
<p>We may update this policy from time to time to reflect changes in the law or in how we work. The date of the latest change is shown on this page. Where a change is significant, we will make it prominent on our website or tell you directly.</p>

<h2>19. Contact Us</h2>
<p>If you have any questions about this policy or how we handle personal data, contact our Data Protection Officer at hello@ledgerfield.com.ng, call +234 700 555 0100, or write to Ledgerfield Technologies Limited, 12 Idowu Taylor Street, Victoria Island, Lagos, Nigeria. You also have the right to complain to the Nigeria Data Protection Commission.</p>$html$
  )),
  ('legal', 'terms', jsonb_build_object(
    'title', 'Terms of Use',
    'content', $html$<p>These Terms of Use govern your use of the Ledgerfield Technologies website. By using the website you agree to them. If you do not agree, please do not use the website. Our products and services are provided under separate written agreements, which take precedence over these terms for anything they cover.</p>

<h2>1. Acceptance of Terms</h2>
<p>By accessing or using this website you confirm that you are at least 18 years old, or that you use it with the involvement of a parent or guardian, and that you accept these terms and our Privacy Policy. If you use the website on behalf of an organisation, you accept these terms on its behalf.</p>

<h2>2. Use of the Website</h2>
<p>You may browse the website, read our articles and contact us for lawful purposes. You must not:</p>
<ul>
<li>attempt to gain unauthorised access to the website, its administration area or the systems behind it;</li>
<li>interfere with the website's operation, including by introducing malicious code or overloading it with automated requests;</li>
<li>submit false information through our forms or impersonate another person or organisation;</li>
<li>copy or republish our content for commercial purposes without our written permission.</li>
</ul>

<h2>3. Intellectual Property</h2>
<p>The website and its content, including text, graphics, logos, product names and software, belong to Ledgerfield Technologies Limited or its licensors and are protected by copyright, trademark and other laws. You may share links to our pages and quote short extracts from our articles with attribution. Any other use requires our prior written consent.</p>

<h2>4. Disclaimers and Limitation of Liability</h2>
<p>The website's content is provided for general information. It does not constitute professional, financial or legal advice, and product descriptions do not form part of any contract. We work to keep the website accurate and available, but we provide it as is and do not guarantee that it will always be complete, current or free of interruptions. To the fullest extent the law allows, we are not liable for any indirect or consequential loss arising from your use of the website. Nothing in these terms limits liability that cannot be limited by law.</p>

<h2>5. Third-Party Links</h2>
<p>The website contains links to websites and services operated by third parties, including scheduling, messaging and social media services. We provide these links for convenience only. We do not control those services and are not responsible for their content, availability or privacy practices.</p>

<h2>6. Governing Law, Changes and Contact</h2>
<p>These terms are governed by the laws of the Federal Republic of Nigeria, and the courts of Lagos State have jurisdiction over any dispute arising from them. We may change these terms from time to time; the date of the latest change is shown on this page, and continued use of the website after a change means you accept the updated terms. Questions about these terms can be sent to hello@ledgerfield.com.ng.</p>$html$
  ));

-- Clients (invented institutions) -----------------------------------------------------------------

insert into public.clients (name, icon, logo_url) values
  ('Harbourline Microfinance Bank', 'Anchor', '/images/clients/harbourline-mfb.svg'),
  ('Crestview Schools Group', 'Building', '/images/clients/crestview-schools.svg'),
  ('Meridian Agro Processing', 'Sun', '/images/clients/meridian-agro.svg'),
  ('Savanna Credit Union', 'Globe', '/images/clients/savanna-credit.svg'),
  ('Ekoview Mortgage Bank', 'Building', '/images/clients/ekoview-mortgage.svg'),
  ('Lagoon City College', 'Feather', '/images/clients/lagoon-city-college.svg'),
  ('Northstar Cooperative Society', 'Gem', '/images/clients/northstar-cooperative.svg'),
  ('Ironwood Logistics', 'Zap', '/images/clients/ironwood-logistics.svg'),
  ('Palmgrove Insurance', 'Wind', '/images/clients/palmgrove-insurance.svg'),
  ('Zuma Heights Academy', 'Feather', '/images/clients/zuma-heights-academy.svg');

-- Testimonials (invented people at the invented clients) ------------------------------------------

insert into public.testimonials (quote, name, title, avatar, rating, created_at) values
  ('We moved eleven branches onto the new core banking platform over a single weekend, and on Monday our customers simply noticed that transfers were faster. The Ledgerfield team stayed on site with us until every teller was comfortable.',
   'Ngozi Eze', 'Head of Operations, Harbourline Microfinance Bank', '/images/avatars/ngozi-eze.svg', 5, now() - interval '300 days'),
  ('Fee collection used to take our bursary team weeks of reconciling bank slips. With the education platform parents pay online, receipts go out automatically and I can see every campus''s position before lunch.',
   'Yusuf Abubakar', 'Chief Financial Officer, Crestview Schools Group', '/images/avatars/yusuf-abubakar.svg', 5, now() - interval '240 days'),
  ('Payroll for 1,400 staff across three factories now closes in a day instead of a week, with pension and tax schedules ready for filing. Our people get their payslips on their phones on time, every month.',
   'Tolulope Bankole', 'HR Director, Meridian Agro Processing', '/images/avatars/tolulope-bankole.svg', 5, now() - interval '180 days'),
  ('iRepay gave our collections team structure without making us harsh. Reminders go out on the right day in the right tone, and our thirty-day arrears fell within the first quarter of using it.',
   'Kwame Asante', 'Chief Information Officer, Savanna Credit Union', '/images/avatars/kwame-asante.svg', 4, now() - interval '120 days');

-- Leadership team (invented people) ---------------------------------------------------------------

insert into public.team_members (name, position, bio, avatar, linkedin_url, twitter_url, order_index, created_at) values
  ('Adaeze Okonkwo', 'Chief Executive Officer',
   'Adaeze spent twelve years leading technology and operations teams in commercial and microfinance banking before founding Ledgerfield. She sets the company''s direction and still joins the first workshop of every core banking implementation.',
   '/images/avatars/adaeze-okonkwo.svg', 'https://www.linkedin.com/in/ledgerfield-aokonkwo', 'https://x.com/lf_aokonkwo', 1, now() - interval '400 days'),
  ('Olumide Adeyemi', 'Chief Technology Officer',
   'Olumide leads engineering across every product line. He has designed ledgers, payment switches and integration platforms for institutions in six countries, and cares most about systems that stay boring under heavy load.',
   '/images/avatars/olumide-adeyemi.svg', 'https://www.linkedin.com/in/ledgerfield-oadeyemi', 'https://x.com/lf_oadeyemi', 2, now() - interval '399 days'),
  ('Chiamaka Nwosu', 'Head of Product',
   'Chiamaka turns what bankers, bursars and HR managers tell us into products they enjoy using. Before Ledgerfield she ran product for a digital lending app used by more than a million customers.',
   '/images/avatars/chiamaka-nwosu.svg', 'https://www.linkedin.com/in/ledgerfield-cnwosu', 'https://x.com/lf_cnwosu', 3, now() - interval '398 days'),
  ('Ibrahim Danladi', 'Chief Information Security Officer',
   'Ibrahim is responsible for the security of our platforms and of the data our clients trust us with. He leads our audits, penetration testing programme and incident response, and advises clients preparing for regulatory reviews.',
   '/images/avatars/ibrahim-danladi.svg', 'https://www.linkedin.com/in/ledgerfield-idanladi', 'https://x.com/lf_idanladi', 4, now() - interval '397 days'),
  ('Funmilayo Ogunleye', 'Head of Client Success',
   'Funmilayo makes sure every client gets value from their system long after go-live. Her team runs implementations, training and support, and she personally reviews every escalated ticket.',
   '/images/avatars/funmilayo-ogunleye.svg', 'https://www.linkedin.com/in/ledgerfield-fogunleye', 'https://x.com/lf_fogunleye', 5, now() - interval '396 days'),
  ('Emeka Obiora', 'Head of Data & AI',
   'Emeka leads the team behind our credit scoring, collections analytics and automation tools. He is a firm believer that a model nobody can explain should not be deciding anything about anyone''s money.',
   '/images/avatars/emeka-obiora.svg', 'https://www.linkedin.com/in/ledgerfield-eobiora', 'https://x.com/lf_eobiora', 6, now() - interval '395 days');

-- Job openings (newest first on /careers; the last one is closed) ---------------------------------

insert into public.job_openings (slug, title, location, country, remote, department, type, salary_min, salary_max, salary_currency, salary_unit, description, requirements, active, created_at) values
  ('senior-backend-engineer-core-banking', 'Senior Backend Engineer, Core Banking', 'Lagos (Hybrid)', 'NG', false, 'Engineering', 'Full-time', 30000000, 45000000, 'NGN', 'YEAR',
   '<p>Join the team that builds the ledger, posting engine and integrations at the heart of our core banking platform. You will design services that handle millions of transactions a day, work closely with product and implementation teams, and mentor engineers early in their careers.</p><h3>What you will do</h3><ul><li>Design and build services for the ledger and posting engine.</li><li>Review code and mentor engineers early in their careers.</li><li>Work with implementation teams on integrations with client banks.</li></ul>',
   'Five or more years building backend systems in TypeScript, Go, Java or C#. Solid PostgreSQL skills, including transactions and query tuning. Experience with financial ledgers, payments or other systems where correctness matters. Clear written communication.',
   true, now() - interval '6 days'),
  ('product-designer', 'Product Designer', 'Lagos (Hybrid)', 'NG', false, 'Product', 'Full-time', 18000000, 26000000, 'NGN', 'YEAR',
   '<p>Design the screens that tellers, loan officers, bursars and HR managers use all day. You will run research with clients, prototype flows, and work with engineers to ship interfaces that are fast, accessible and simple to learn.</p>',
   'Three or more years designing web applications, with a portfolio that shows your process. Comfort with Figma and design systems. Experience designing for data-heavy or operational software is a strong plus.',
   true, now() - interval '14 days'),
  ('implementation-consultant-banking', 'Implementation Consultant, Banking', 'Lagos, with travel across West Africa', 'NG', false, 'Client Success', 'Full-time', null, null, null, null,
   '<p>Lead the rollout of our core banking and iRepay platforms at client banks: running workshops, configuring products, planning data migration and training staff. You will be the client''s trusted guide from kickoff to go-live.</p>',
   'Three or more years in banking operations, a banking software vendor or a consulting firm. Good understanding of deposit and loan products. Able to travel for up to two weeks at a time. Strong presentation skills.',
   true, now() - interval '25 days'),
  ('qa-engineer-automation', 'QA Engineer (Automation)', 'Remote (Nigeria)', 'NG', true, 'Engineering', 'Contract', 900000, 1300000, 'NGN', 'MONTH',
   '<p>A six-month contract, with the possibility of extension, to expand automated testing across our HR and education products.</p><ul><li>Write end-to-end and API tests.</li><li>Improve our test data tooling.</li><li>Help teams catch regressions earlier.</li></ul>',
   'Experience writing automated tests with Playwright, Cypress or similar tools. Comfortable reading TypeScript. An eye for edge cases and the patience to pin down intermittent failures.',
   true, now() - interval '33 days'),
  ('software-engineering-intern', 'Software Engineering Intern', 'Lagos (On-site)', 'NG', false, 'Engineering', 'Internship', 250000, null, 'NGN', 'MONTH',
   '<p>A six-month paid internship for recent graduates and final-year students. You will be paired with a mentor, ship real features to production and rotate through two product teams.</p>',
   'A degree in computer science or a related field, completed or in progress, or equivalent self-taught experience. Some experience with JavaScript or TypeScript. Curiosity and a willingness to ask questions.',
   true, now() - interval '41 days'),
  ('data-analyst-collections', 'Data Analyst, Collections', 'Lagos (Hybrid)', 'NG', false, 'Data & AI', 'Full-time', null, null, null, null,
   '<p>Analyse repayment behaviour across client portfolios and turn it into collection strategies and product improvements for iRepay. This role has been filled; thank you to everyone who applied.</p>',
   'Strong SQL and spreadsheet skills, experience with Python or R, and an interest in lending and credit risk.',
   false, now() - interval '95 days');
-- The on-site roles are in Lagos State; their street address is the company's (site setting).
update public.job_openings set region = 'Lagos' where not remote;

-- Solutions: public order is created_at ascending, so the flagship comes first --------------------

insert into public.solutions (slug, title, category, shortdescription, longdescription, icon, url, features, targetaudience, status, metadescription, created_at) values
  ('banking', 'Core Banking Software', 'Banking & Finance',
   'A modern, cloud-ready core banking platform for commercial banks, microfinance banks and credit institutions: accounts, loans, deposits and payments on one real-time ledger.',
   'Ledgerfield Core Banking is the flagship of our product suite. It runs the full life of every account and loan on a single real-time ledger, so balances, interest and fees are always current and every posting can be traced back to the transaction that caused it.
Products are configured, not coded. Your team defines savings, current, fixed deposit and loan products with their own interest methods, fee schedules, limits and approval rules, and can launch a new product in days rather than months.
The platform connects to the payment rails and services your customers expect, including instant transfers, card processing, USSD and mobile channels, and identity checks against BVN and NIN, through a documented API that partners and fintechs can build on.
Regulatory and management reporting comes built in, with end-of-day processing that completes in minutes, a full audit trail, maker-checker controls and role-based access for every branch and head-office team.
We deploy on our hosted cloud or in your own data centre, migrate your existing accounts with a rehearsed, reconciled plan, and support you around the clock after go-live.',
   'Landmark', 'https://banking.ledgerfield.com.ng',
   $j$[
     {"title": "Real-time ledger", "description": "Every deposit, withdrawal, fee and interest accrual posts instantly to a double-entry ledger with a full audit trail."},
     {"title": "Configurable products", "description": "Define savings, current, fixed deposit and loan products with their own rates, fees, limits and approval workflows, without code changes."},
     {"title": "Loan origination and servicing", "description": "From application and credit checks to disbursement, repayment schedules, restructuring and write-off, in one place."},
     {"title": "Payments and channels", "description": "Instant transfers, cards, USSD, mobile and internet banking connect through one integration layer and open APIs."},
     {"title": "Regulatory reporting", "description": "Prudential returns, management reports and end-of-day processing that completes in minutes, not hours."},
     {"title": "Security and controls", "description": "Maker-checker approvals, role-based access, encryption and detailed activity logs for every user and branch."}
   ]$j$::jsonb,
   array['Commercial banks', 'Microfinance banks', 'Mortgage banks', 'Credit unions and cooperatives', 'Digital lenders'],
   'Live',
   'Ledgerfield Core Banking: a real-time, cloud-ready core banking platform for commercial, microfinance and mortgage banks across Africa.',
   now() - interval '360 days'),

  ('edu', 'Education Management System', 'Education',
   'One platform for admissions, fees, academics, attendance and parent communication, for single schools and multi-campus groups.',
   'Ledgerfield EDU brings everything a school runs on into one system: admissions, class lists, timetables, attendance, assessments, report cards and fees.
Bursars issue invoices in bulk, parents pay online or by bank transfer with automatic matching, and receipts go out the moment a payment lands. Outstanding balances are visible per pupil, class and campus at any time.
Teachers record scores and attendance from a phone or laptop, and report cards are generated with the school''s own grading scheme and comments. Parents follow progress, announcements and fees through a simple portal.
School groups see every campus in one dashboard, with consistent policies and the freedom for each campus to run its own calendar.',
   'GraduationCap', 'https://edu.ledgerfield.com.ng',
   $j$[
     {"title": "Admissions and enrolment", "description": "Online applications, entrance test scheduling, offers and enrolment with documents stored securely."},
     {"title": "Fees and payments", "description": "Bulk invoicing, online payments, automatic bank reconciliation, discounts and instalment plans."},
     {"title": "Academics and report cards", "description": "Timetables, attendance, continuous assessment and report cards that follow your grading scheme."},
     {"title": "Parent portal", "description": "Parents see results, attendance, announcements and fee balances, and pay from their phones."},
     {"title": "Multi-campus dashboard", "description": "Enrolment, collections and performance across every campus at a glance."}
   ]$j$::jsonb,
   array['Primary and secondary schools', 'Multi-campus school groups', 'Colleges and polytechnics', 'Training institutes'],
   'Live',
   'Ledgerfield EDU: school management software for admissions, fees, academics, report cards and parent communication.',
   now() - interval '350 days'),

  ('hr', 'Human Resources Management System', 'Human Resources',
   'Payroll, pensions, leave, performance and employee self-service in one HR system built for African labour and tax rules.',
   'Ledgerfield HR keeps your people data in one place and turns it into payroll that is right the first time.
Payroll handles earnings, deductions, tax, pension and other statutory contributions, with rules kept as configuration so they can be updated when the law changes. Payslips go to employees by e-mail and through the self-service app, and schedules for remittance are ready when payroll closes.
Leave, attendance and expense claims flow through approvals your managers can complete from their phones. Performance reviews, goals and training records sit alongside each employee''s history.
Reports on headcount, cost and turnover help leadership plan, and every change to pay or personal data is logged.',
   'Users', 'https://hr.ledgerfield.com.ng',
   $j$[
     {"title": "Payroll and statutory deductions", "description": "Tax, pension and other deductions calculated from configurable rules, with remittance schedules ready at close."},
     {"title": "Employee self-service", "description": "Staff view payslips, request leave, update details and submit claims from web or mobile."},
     {"title": "Leave and attendance", "description": "Leave policies, balances, approvals and attendance records in one place."},
     {"title": "Performance management", "description": "Goals, appraisals and feedback cycles that managers can actually keep up with."},
     {"title": "HR analytics", "description": "Headcount, payroll cost, turnover and absence reports for leadership and auditors."}
   ]$j$::jsonb,
   array['Medium and large enterprises', 'Banks and financial institutions', 'Manufacturers', 'Public sector agencies'],
   'Live',
   'Ledgerfield HR: payroll, pensions, leave, performance and employee self-service software for African organisations.',
   now() - interval '340 days'),

  ('irepay', 'iRepay Debt Collection & Recovery', 'Debt Recovery',
   'iRepay helps lenders recover more with less friction: automated reminders, collector workflows, payment links and portfolio analytics in one platform.',
   'iRepay is our debt collection and recovery platform for banks, microfinance institutions and digital lenders.
It segments borrowers by risk and days past due, then runs the right strategy for each group automatically: a friendly SMS or e-mail before a due date, a payment link on the day, and a call from a collector when a customer needs a conversation.
Collectors work from a prioritised queue with each borrower''s history, promises to pay and notes in front of them. Supervisors set targets, reassign accounts and see performance in real time.
Customers can pay instantly through secure links, bank transfer or USSD, and payments post back to the loan record automatically. Every contact is logged and templates are reviewed for fair, respectful language, so recovery stays compliant and humane.',
   'CreditCard', 'https://irepay.ledgerfield.com.ng',
   $j$[
     {"title": "Automated reminders", "description": "SMS, e-mail and WhatsApp reminders timed to each borrower's due date and risk segment."},
     {"title": "Collector workspace", "description": "A prioritised daily queue with borrower history, promises to pay and call outcomes."},
     {"title": "Instant payment links", "description": "Borrowers repay in a few taps by card, bank transfer or USSD, with automatic posting to the loan."},
     {"title": "Portfolio analytics", "description": "Roll rates, recovery curves and collector performance updated in real time."},
     {"title": "Compliance by design", "description": "Contact limits, approved templates and a full audit trail of every interaction."}
   ]$j$::jsonb,
   array['Microfinance banks', 'Digital lenders', 'Commercial banks', 'Asset finance companies', 'Cooperatives'],
   'Live',
   'iRepay by Ledgerfield: debt collection and recovery software with automated reminders, collector workflows and payment links.',
   now() - interval '330 days'),

  ('ai', 'AI & Automation', 'Artificial Intelligence',
   'Practical AI for financial institutions: credit scoring, document processing, fraud signals and workflow automation that your teams can understand and trust.',
   'Our AI and automation practice applies machine learning where it pays for itself and keeps people in charge of the decisions that matter.
We build credit scoring models that work with thin files, using repayment behaviour, transaction patterns and other consented data, and we make every score explainable to the officer who uses it and to the regulator who reviews it.
Document processing reads statements, payslips and identity documents, extracts the fields your team needs and flags anything that looks wrong, cutting onboarding time from days to minutes.
Workflow automation takes over repetitive back-office tasks such as reconciliations, report preparation and routine customer requests, with clear hand-offs to staff when judgement is needed.',
   'Bot', 'Contact Us',
   $j$[
     {"title": "Explainable credit scoring", "description": "Scores that come with their reasons, built and monitored for fairness and drift."},
     {"title": "Document intelligence", "description": "Extract and verify data from statements, payslips and ID documents automatically."},
     {"title": "Fraud and anomaly signals", "description": "Spot unusual transactions and applications early, with alerts routed to the right team."},
     {"title": "Back-office automation", "description": "Automate reconciliations, reports and routine requests with human review where it matters."}
   ]$j$::jsonb,
   array['Banks and lenders', 'Insurance companies', 'Fintech startups', 'Shared service centres'],
   'Development',
   'AI and automation for financial institutions: explainable credit scoring, document processing, fraud signals and workflow automation.',
   now() - interval '320 days'),

  ('custom', 'Custom Software Development', 'Custom Solutions',
   'When off-the-shelf will not do, our engineers design and build software around your processes, from web and mobile apps to integrations and data platforms.',
   'Some problems need software built for them. Our custom development team works with you from discovery to launch and beyond.
We start with short discovery workshops to understand your users, processes and constraints, then agree scope, milestones and a fixed or flexible budget that suits the project.
Delivery runs in two-week iterations with working software at the end of each one, so you see progress early and can change direction without waste. Security reviews, automated testing and documentation are part of every project, not extras.
After launch we can hand the system over to your team with full training, or keep running and improving it under a support agreement.',
   'Code2', 'Contact Us',
   $j$[
     {"title": "Discovery and design", "description": "Workshops, user research and prototypes that turn requirements into a clear plan."},
     {"title": "Web and mobile applications", "description": "Fast, accessible applications for customers, staff and partners."},
     {"title": "Integrations and APIs", "description": "Connect core systems, payment providers, government services and third-party platforms."},
     {"title": "Support and evolution", "description": "Monitoring, maintenance and continuous improvement after launch, on terms that suit you."}
   ]$j$::jsonb,
   array['Enterprises', 'Government agencies', 'Financial institutions', 'Startups and scale-ups'],
   'Available',
   'Custom software development by Ledgerfield: web and mobile applications, integrations and data platforms built around your processes.',
   now() - interval '310 days');

-- Blog posts: 11 published, 2 drafts, spread over the past five months ---------------------------

insert into public.blog_posts (slug, title, excerpt, content, category, featured_image, author_name, author_avatar, published, tags, created_at) values
  ('why-microfinance-banks-are-rethinking-core-banking',
   'Why Microfinance Banks Are Rethinking Core Banking',
   'Overnight batch runs, spreadsheets on the side and a vendor that takes months to add a product: the signs that a core banking system has become the bottleneck, and what to look for in its replacement.',
   $html$<p>For many microfinance banks, the core banking system was chosen at a time when the bank had a few thousand customers, one or two branches and a handful of loan products. Years later the bank has grown, customers expect instant transfers and mobile access, and the system that once felt modern has quietly become the thing holding everything else back.</p>
<h2>The signs you have outgrown your core</h2>
<p>The symptoms are familiar to anyone who has worked in a growing bank:</p>
<ul>
<li><strong>End of day takes hours.</strong> Interest accrual and batch posting run overnight, and when they fail, branches open late.</li>
<li><strong>Spreadsheets fill the gaps.</strong> Loan officers track repayments and restructures outside the system because the core cannot model them.</li>
<li><strong>New products take months.</strong> Every change to a savings or loan product needs the vendor, a change request and a long wait.</li>
<li><strong>Integrations are fragile.</strong> Each new channel, from USSD to a partner app, is a custom connection that breaks on upgrade.</li>
</ul>
<h2>What a modern core should give you</h2>
<p>A modern core banking platform is less about new screens and more about a different foundation. The most important shift is the <em>real-time ledger</em>: every transaction, fee and accrual posts immediately, so balances are always current and end of day becomes a short reconciliation instead of a long batch job.</p>
<p>The second shift is <em>configuration over code</em>. Product teams should be able to define a new group loan or a target savings plan, with its own rates, fees and approval rules, and launch it after testing, not after a vendor release.</p>
<p>The third is an <em>API-first design</em>. When every capability of the core is available through documented APIs, adding a channel or a fintech partner becomes a project measured in weeks.</p>
<blockquote>The question is no longer whether to modernise the core, but how to do it without putting customers' money or trust at risk.</blockquote>
<h2>Start with the business case</h2>
<p>Replacing a core is a significant project, and it should be justified in business terms: faster product launches, lower operating cost per account, fewer reconciliation errors, and the ability to serve customers on the channels they already use. Banks that write these goals down at the start make better decisions throughout, from vendor selection to the order in which branches migrate.</p>
<p>In a follow-up article we look at how to plan that migration so that no branch has to close its doors.</p>$html$,
   'Core Banking', '/images/blog/why-microfinance-banks-are-rethinking-core-banking.svg',
   'Adaeze Okonkwo', '/images/avatars/adaeze-okonkwo.svg', true,
   array['core banking', 'microfinance', 'digital transformation'],
   now() - interval '150 days'),

  ('instant-payments-lessons-from-nigeria',
   'Instant Payments: Lessons From More Than a Decade of Transfers in Nigeria',
   'Nigeria was early to real-time interbank transfers, and customers now expect money to move in seconds. What banks and fintechs elsewhere on the continent can learn from that experience.',
   $html$<p>Ask a Nigerian customer how long a bank transfer should take and the answer is simple: a few seconds. Real-time interbank transfers arrived in Nigeria more than a decade ago, and they have shaped customer expectations ever since. For banks and fintechs building payment products anywhere in Africa, the Nigerian experience holds useful lessons.</p>
<h2>Speed changes behaviour</h2>
<p>Once transfers became instant, they stopped being something customers did occasionally at a branch. People began paying traders, splitting bills and settling rent by transfer, often many times a day. Volumes grew far faster than anyone had planned for, and systems designed for end-of-day settlement had to be rebuilt for continuous load.</p>
<p>The lesson for system design is clear: plan capacity for the behaviour instant payments create, not for today's volumes.</p>
<h2>Failures are more visible</h2>
<p>When money moves instantly, a failed or delayed transfer is immediately noticed. A customer standing in front of a merchant cannot wait for a reversal the next morning. That puts pressure on three things:</p>
<ul>
<li><strong>Clear status.</strong> Every transfer needs an unambiguous state that the customer, the branch and the contact centre can all see.</li>
<li><strong>Fast reversals.</strong> When a transfer fails after the debit, the reversal should be automatic and quick.</li>
<li><strong>Reconciliation.</strong> Settlement files must match ledger postings every day, with exceptions flagged before customers complain.</li>
</ul>
<h2>Fraud moves at the same speed</h2>
<p>Instant payments are instant for fraudsters too. Controls have to run in the payment flow itself: limits by channel and customer profile, checks on new beneficiaries, and monitoring for patterns such as many small inbound transfers followed by one large outbound transfer.</p>
<blockquote>Real-time payments need real-time ledgers, real-time monitoring and real-time customer service. Any part that still runs in batches becomes the weak link.</blockquote>
<h2>Design for the whole journey</h2>
<p>The most successful payment products we have worked on treat the transfer as a journey, not a single API call: name enquiry before the transfer, a confirmation the customer can share, and a receipt that can be traced back to the ledger. Getting those details right is what turns a fast payment into a trusted one.</p>$html$,
   'Payments', '/images/blog/instant-payments-lessons-from-nigeria.svg',
   'Olumide Adeyemi', '/images/avatars/olumide-adeyemi.svg', true,
   array['payments', 'nigeria', 'instant transfers', 'fraud'],
   now() - interval '135 days'),

  ('migrating-core-banking-without-closing-branches',
   'Migrating Core Banking Without Closing a Single Branch',
   'A core banking migration does not have to mean a long weekend of closed doors and anxious customers. The rehearsals, reconciliations and fallback plans that make a calm go-live possible.',
   $html$<p>The traditional picture of a core banking migration is a long weekend: branches closed, teams working through the night, and a Monday morning when everyone hopes the balances are right. It does not have to be that way. With enough preparation, a migration can feel almost uneventful to customers.</p>
<h2>Migrate the data many times before you migrate it once</h2>
<p>The single most effective practice is rehearsal. We extract data from the old system, transform it and load it into the new core repeatedly in the months before go-live, each time reconciling every account and loan balance against the source.</p>
<p>The first rehearsal always surfaces surprises: customers with missing identity details, loans whose schedules do not match their balances, dormant accounts with unusual fees. Each rehearsal fixes a class of problems, and by the final one the reconciliation should show no unexplained differences.</p>
<h2>Reconcile at three levels</h2>
<ul>
<li><strong>Totals</strong>: general ledger balances by product and branch match to the kobo.</li>
<li><strong>Accounts</strong>: every account balance, accrued interest and hold matches.</li>
<li><strong>Loans</strong>: every outstanding principal, arrears amount and next instalment date matches.</li>
</ul>
<p>Sign-off from finance and internal audit on each level is a condition for go-live, not a formality.</p>
<h2>Move in waves</h2>
<p>Rather than moving every branch at once, many banks migrate in waves: a pilot branch first, then groups of branches over several weekends. Each wave teaches the team something, and problems affect a small group of customers instead of the whole bank.</p>
<h2>Always have a way back</h2>
<p>A fallback plan that has never been tested is only a hope. Before each wave, the team should agree the criteria for rolling back, how long a rollback takes, and who makes the call. Knowing that the way back works makes the way forward much calmer.</p>
<blockquote>The goal of go-live weekend is to do nothing new. Everything that happens should already have happened in rehearsal.</blockquote>
<h2>Prepare people as well as data</h2>
<p>Finally, staff need time with the new system before their customers arrive. Training on realistic data, floor-walkers in every branch for the first week, and a clear channel for questions do more for a smooth go-live than any piece of technology.</p>$html$,
   'Core Banking', '/images/blog/migrating-core-banking-without-closing-branches.svg',
   'Olumide Adeyemi', '/images/avatars/olumide-adeyemi.svg', true,
   array['core banking', 'data migration', 'implementation'],
   now() - interval '120 days'),

  ('humane-debt-recovery',
   'Humane Debt Recovery: Collect More by Pushing Less',
   'Aggressive collection tactics damage trust and rarely improve recovery. A structured, respectful approach built on timing, tone and easy ways to pay does better for lenders and borrowers alike.',
   $html$<p>Debt collection has a reputation problem. Many borrowers have received repeated calls at odd hours, messages to their contacts, or threats that go far beyond what any lender should say. Those tactics damage the lender's brand, attract regulatory attention, and, perhaps surprisingly, often do not improve recovery.</p>
<h2>Most late payers want to pay</h2>
<p>When we analyse repayment data with our clients, a consistent pattern appears: a large share of borrowers who miss a due date pay within days once they are reminded. They forgot, were paid late themselves, or had trouble with the payment channel. For this group, the best collection strategy is a timely, polite reminder and an easy way to pay.</p>
<h2>Segment before you act</h2>
<p>Treating every overdue borrower the same wastes effort and sours relationships. A better approach segments borrowers by days past due, previous behaviour and amount at risk:</p>
<ul>
<li><strong>Before the due date</strong>: a friendly reminder with the amount and a payment link.</li>
<li><strong>One to seven days late</strong>: automated reminders, then a courteous call for higher-risk accounts.</li>
<li><strong>Eight to thirty days late</strong>: a collector conversation focused on a realistic promise to pay.</li>
<li><strong>Beyond thirty days</strong>: restructuring options, or formal recovery where appropriate.</li>
</ul>
<h2>Make paying the easiest option</h2>
<p>Every reminder should carry a way to pay immediately: a secure link, transfer details or a USSD code. Each extra step between the message and the payment loses borrowers who meant to pay.</p>
<h2>Set rules for contact</h2>
<p>Clear rules protect borrowers and the lender alike: limits on the number and timing of contacts, approved message templates, no contact with third parties about the debt, and a record of every interaction. Collectors perform better when they know exactly what is allowed.</p>
<blockquote>Respectful collection is not soft collection. It is collection that borrowers respond to.</blockquote>
<h2>Measure what matters</h2>
<p>Track how many accounts cure in each segment, how quickly promises to pay are kept, and how many complaints are received. When these numbers improve together, the strategy is working, and the lender keeps customers who will borrow again.</p>$html$,
   'Debt Recovery', '/images/blog/humane-debt-recovery.svg',
   'Funmilayo Ogunleye', '/images/avatars/funmilayo-ogunleye.svg', true,
   array['debt recovery', 'collections', 'iRepay', 'customer experience'],
   now() - interval '100 days'),

  ('payroll-pensions-and-paye-getting-hr-data-right',
   'Payroll, Pensions and PAYE: Getting HR Data Right the First Time',
   'Most payroll errors start long before payroll runs, in incomplete employee records and rules hidden in spreadsheets. How to build an HR foundation that makes every month''s close routine.',
   $html$<p>Payroll day exposes every weakness in an organisation's HR data. A missing pension fund administrator, an unrecorded promotion or a tax rule applied from the wrong month turns into an incorrect payslip, an unhappy employee and hours of corrections. The fix is rarely in the payroll engine itself; it is in the data and rules that feed it.</p>
<h2>Start with a complete employee record</h2>
<p>Every employee record should hold, at minimum, verified identity details, bank account, tax identification number, pension fund administrator and pension number, grade and salary structure, and start date. Making these fields mandatory at onboarding prevents most of the exceptions that appear at month end.</p>
<h2>Keep statutory rules as configuration</h2>
<p>Tax bands, reliefs, pension contribution rates and other statutory deductions change from time to time, and recent tax reforms in Nigeria are a reminder that they can change significantly. When those rules are hard-coded or buried in spreadsheet formulas, every change becomes a risky project.</p>
<p>A better approach keeps each rule as dated configuration: the rate or band, the date it takes effect, and who approved it. Payroll then applies whichever rule was in force for the period being processed, and historical payslips remain reproducible.</p>
<h2>Separate changes from runs</h2>
<ul>
<li>Salary changes, allowances and deductions are entered and approved <strong>before</strong> the payroll cut-off.</li>
<li>The payroll run calculates; it does not accept last-minute edits.</li>
<li>A variance report compares this month with last month and explains every significant difference before approval.</li>
</ul>
<h2>Close the loop on remittances</h2>
<p>Payroll is not finished when salaries are paid. Pension contributions, tax and other deductions must be remitted on time, with schedules that match the payroll exactly. Generating those schedules from the same data, rather than retyping them, removes an entire category of errors.</p>
<h2>Give employees visibility</h2>
<p>Self-service payslips and profile updates mean employees spot errors early, often before they become problems. When people can see their pension contributions and leave balances at any time, HR receives fewer queries and more trust.</p>$html$,
   'HR Tech', '/images/blog/payroll-pensions-and-paye-getting-hr-data-right.svg',
   'Funmilayo Ogunleye', '/images/avatars/funmilayo-ogunleye.svg', true,
   array['hr', 'payroll', 'pensions', 'compliance'],
   now() - interval '90 days'),

  ('designing-ussd-payments-for-feature-phones',
   'Designing USSD Payment Journeys for Feature Phones',
   'Millions of customers still bank on phones without data. Designing for USSD means working within tight limits on screen space, session time and input, and getting every word right.',
   $html$<p>Smartphone apps get most of the attention, but a large share of customers across Africa still reach their bank through USSD: short codes that work on any mobile phone, with or without data. Designing a good USSD journey is a discipline of its own, and small decisions make a large difference to completion rates.</p>
<h2>Respect the constraints</h2>
<p>USSD screens are short, roughly 160 characters, and sessions time out after a couple of minutes. Customers type with a keypad, often in noisy places. Every journey must therefore be short, clear and forgiving.</p>
<ul>
<li><strong>Keep menus to five or six options</strong>, with the most common action first.</li>
<li><strong>Ask for one thing per screen</strong>: the amount, then the account, then the PIN.</li>
<li><strong>Use plain words</strong>: <em>Send money</em> is better than <em>Funds transfer</em>.</li>
</ul>
<h2>Confirm before you commit</h2>
<p>Before asking for the PIN, show a confirmation screen with the recipient's name, as returned by a name enquiry, and the amount including any fee. This single step prevents most transfers to the wrong account, and customers trust it.</p>
<h2>Plan for interruptions</h2>
<p>Sessions drop. Networks falter. Customers need to know whether their transfer went through, so every transaction should end with an SMS confirmation containing a reference, and the contact centre should be able to look up the status using that reference.</p>
<h2>Test with real customers</h2>
<p>The best USSD flows we have built were tested with customers in markets and branches, not only in the office. Watching someone complete a transfer on an old handset reveals confusing words, unnecessary steps and screens that are too long far faster than any specification review.</p>
<blockquote>On USSD every character costs attention. Spend them on what the customer needs to decide, and nothing else.</blockquote>
<h2>Measure drop-off</h2>
<p>Record where sessions end. If many customers abandon at the account number screen, offer saved beneficiaries; if they abandon at the PIN, check whether the confirmation was clear. Small, measured changes steadily raise the share of journeys that end in a completed payment.</p>$html$,
   'Payments', '/images/blog/designing-ussd-payments-for-feature-phones.svg',
   'Chiamaka Nwosu', '/images/avatars/chiamaka-nwosu.svg', true,
   array['payments', 'ussd', 'product design', 'financial inclusion'],
   now() - interval '75 days'),

  ('what-school-data-can-do-for-parents',
   'Beyond Report Cards: What School Data Can Do for Parents',
   'Schools collect attendance, scores and fee records every day, but parents often see them once a term. Sharing the right data at the right time builds trust and helps pupils do better.',
   $html$<p>Most schools already collect a remarkable amount of data: daily attendance, continuous assessment scores, behaviour notes, fee payments and more. Yet for many parents, the only window into that information is a report card at the end of term, when it is too late to act on anything it shows.</p>
<h2>Timely beats comprehensive</h2>
<p>Parents do not need every data point. They need the right information while it is still useful:</p>
<ul>
<li><strong>Attendance alerts</strong> on the day a child is absent without notice.</li>
<li><strong>Assessment results</strong> shortly after tests are marked, with the class average for context.</li>
<li><strong>Fee balances and receipts</strong> available at any time, not only when a reminder letter arrives.</li>
<li><strong>Announcements</strong> about events and closures in one place rather than scattered across messaging groups.</li>
</ul>
<h2>Make it easy for teachers</h2>
<p>None of this works if recording data is a burden. Teachers should be able to mark attendance in seconds from a phone and enter scores directly into the system, instead of filling registers and transferring them later. When data entry becomes part of the lesson routine, sharing with parents happens automatically.</p>
<h2>Protect pupils' information</h2>
<p>School data is about children, so it deserves particular care. Parents should see only their own children's records, staff should have access based on their role, and the school should be clear about what it collects and why. Good systems make these controls the default rather than an option.</p>
<h2>Use the data inside the school too</h2>
<p>The same information helps school leaders spot patterns early: a class whose attendance drops every Friday, a subject where scores fall after a change of teacher, or a campus where fee collection lags. Acting on these signals in week three is far more effective than discovering them in the end-of-term review.</p>
<blockquote>When parents and teachers see the same picture at the same time, conversations about a child's progress become partnerships instead of surprises.</blockquote>
<p>The goal is not more data, but shared understanding: a school community where everyone has what they need to help each pupil succeed.</p>$html$,
   'EdTech', '/images/blog/what-school-data-can-do-for-parents.svg',
   'Chiamaka Nwosu', '/images/avatars/chiamaka-nwosu.svg', true,
   array['education', 'schools', 'parents', 'data'],
   now() - interval '60 days'),

  ('real-time-ledgers-for-loan-officers',
   'What a Real-Time Ledger Changes for Loan Officers',
   'When loan balances, arrears and repayments update the moment money moves, loan officers stop chasing yesterday''s numbers and start managing today''s portfolio.',
   $html$<p>Ask a loan officer at a bank running an older core system what their portfolio looks like right now, and the honest answer is often: <em>as of last night</em>. Repayments made during the day appear after the batch run, arrears reports are a day old, and officers call customers who have already paid. A real-time ledger changes that daily experience in very practical ways.</p>
<h2>Fewer awkward calls</h2>
<p>When a repayment posts the moment it arrives, the officer's list of overdue loans is always current. Customers who paid an hour ago disappear from the list, and officers spend their time on borrowers who genuinely need a conversation.</p>
<h2>Decisions on current data</h2>
<p>Approving a top-up loan or a restructure depends on knowing the exact outstanding balance, accrued interest and repayment history. With a real-time ledger those figures are correct at the moment of the decision, not an estimate that needs checking with operations.</p>
<h2>A portfolio view that means something</h2>
<p>Officers and branch managers can see their portfolio at risk, collections for the day and disbursements in progress as they happen. This makes daily stand-ups shorter and more useful, because the numbers on the screen match the numbers in the ledger.</p>
<h3>What to look for</h3>
<ul>
<li>Repayments from every channel, including transfers, cards and cash at the branch, posting immediately.</li>
<li>Interest and penalties accrued continuously, not only at end of day.</li>
<li>Arrears and portfolio-at-risk figures calculated from the live ledger.</li>
<li>A mobile view so officers in the field see the same data as the branch.</li>
</ul>
<h2>Less reconciliation work</h2>
<p>Because every posting is recorded once, in the ledger, there are fewer side spreadsheets to reconcile. Operations teams move from correcting yesterday's differences to investigating the rare exception.</p>
<blockquote>Real time is not a luxury feature. For the people who manage loans, it is the difference between reacting and managing.</blockquote>
<p>For banks planning a core banking upgrade, the experience of loan officers is a good test: if the new system does not change their day for the better, it is worth asking why.</p>$html$,
   'Core Banking', '/images/blog/real-time-ledgers-for-loan-officers.svg',
   'Chiamaka Nwosu', '/images/avatars/chiamaka-nwosu.svg', true,
   array['core banking', 'lending', 'real-time ledger'],
   now() - interval '40 days'),

  ('credit-scoring-with-thin-files',
   'Credit Scoring With Thin Files: Where Machine Learning Helps and Where It Doesn''t',
   'Many applicants have little or no formal credit history. Machine learning can help lenders assess them fairly, but only with consented data, careful validation and scores that can be explained.',
   $html$<p>A large share of adults across Africa have little or no formal credit history. For lenders, that creates a real dilemma: decline applicants who may be perfectly good borrowers, or lend without the information that normally guides the decision. Machine learning is often presented as the answer. It can help, but only when it is applied carefully.</p>
<h2>Where it helps</h2>
<p>Machine learning is good at finding patterns in data that traditional scorecards ignore. With the applicant's consent, signals such as the regularity of account inflows, the stability of income over several months and the history of repaying small earlier loans can say a lot about repayment capacity.</p>
<p>Models can also combine many weak signals into a useful score, and they can be retrained as the lender's portfolio grows and the population of borrowers changes.</p>
<h2>Where it doesn't</h2>
<ul>
<li><strong>Without good outcomes data.</strong> A model learns from past loans and their results. If the lender has only a few hundred repaid and defaulted loans, the model will be fragile, whatever the algorithm.</li>
<li><strong>Without consent and purpose.</strong> Using data that customers did not agree to share for credit decisions is neither lawful nor trustworthy.</li>
<li><strong>Without explanation.</strong> If a loan officer cannot tell an applicant why they were declined, the lender cannot defend the decision to the customer or the regulator.</li>
</ul>
<h2>Validate beyond accuracy</h2>
<p>A score that performs well on average can still treat groups of applicants unfairly. Before a model goes live, we test its performance across segments such as region, gender and age band, check that it does not rely on proxies for protected characteristics, and compare it with the lender's existing decisions.</p>
<h2>Keep people in the loop</h2>
<p>The most effective set-ups use the model to rank and route applications, not to make every decision alone. Clear approvals go through quickly, clear declines come with reasons, and the uncertain middle goes to an experienced officer with the model's reasons in front of them.</p>
<blockquote>A credit model should make lending decisions better explained, not harder to explain.</blockquote>
<p>Monitoring closes the loop: tracking approval rates, default rates and drift every month, and retraining when the data says the world has changed.</p>$html$,
   'AI & Automation', '/images/blog/credit-scoring-with-thin-files.svg',
   'Emeka Obiora', '/images/avatars/emeka-obiora.svg', true,
   array['ai', 'credit scoring', 'lending', 'machine learning'],
   now() - interval '30 days'),

  ('early-warning-signs-in-loan-portfolios',
   'Early Warning Signs in a Loan Portfolio',
   'By the time a loan is thirty days past due, recovery is already harder. The quieter signals that appear weeks earlier, and how lenders can act on them.',
   $html$<p>Portfolio at risk is the number every lender watches, but it is a lagging indicator. By the time a loan appears in the thirty-day bucket, the borrower has usually been struggling for weeks. Lenders who act on earlier signals recover more and restructure fewer loans.</p>
<h2>Signals worth watching</h2>
<ul>
<li><strong>Later and later payments.</strong> A borrower who always paid on the due date and now pays three or four days late is telling you something, even if they are not yet in arrears.</li>
<li><strong>Partial payments.</strong> Paying most, but not all, of an instalment is often an early sign of cash-flow pressure.</li>
<li><strong>Falling account inflows.</strong> For borrowers who bank with the lender, a drop in regular income is one of the strongest early signals.</li>
<li><strong>Broken promises.</strong> A promise to pay that is not kept is a far stronger predictor than the first missed payment.</li>
</ul>
<h2>Read the curve, not just the total</h2>
<p>Roll rates, the share of loans that move from one arrears bucket to the next each month, show where a portfolio is heading before the totals do. If more loans are rolling from current to one to seven days late, trouble is building even while the thirty-day figure looks stable.</p>
<p>Vintage analysis adds another view. Comparing loans disbursed in different months at the same age shows whether a recent change in product, pricing or approval rules is producing weaker loans.</p>
<h2>Turn signals into actions</h2>
<p>Signals are only useful when they lead to a timely, proportionate response:</p>
<ul>
<li>A courtesy check-in call for good borrowers whose payments are slipping.</li>
<li>An offer to move the due date closer to the borrower's payday.</li>
<li>A restructuring conversation before arrears build up, not after.</li>
</ul>
<blockquote>The cheapest loan to recover is the one that never goes into arrears.</blockquote>
<h2>Build it into the daily routine</h2>
<p>Early warning works best when it is part of each officer's daily queue rather than a monthly report. When the collections platform highlights the accounts showing early signals, officers can act while a simple conversation is still enough.</p>$html$,
   'Debt Recovery', '/images/blog/early-warning-signs-in-loan-portfolios.svg',
   'Emeka Obiora', '/images/avatars/emeka-obiora.svg', true,
   array['debt recovery', 'risk', 'analytics', 'lending'],
   now() - interval '20 days'),

  ('security-controls-before-launch',
   'Five Security Controls Every Fintech Needs Before Launch',
   'Security is easier to build in than to bolt on. The five controls we ask every fintech team to have in place before the first customer signs up.',
   $html$<p>Early-stage fintech teams are under pressure to launch, and security work can feel like something to finish later. But a financial product handles money and personal data from the first day, and some controls are far cheaper to build in than to retrofit. These are the five we ask every team to have in place before launch.</p>
<h2>1. Strong authentication for staff and customers</h2>
<p>Every staff account with access to production systems or customer data should use multi-factor authentication. For customers, high-risk actions such as adding a beneficiary, changing a phone number or making a large transfer should require a second factor, even if day-to-day sign-in is simpler.</p>
<h2>2. Least privilege, enforced by the database</h2>
<p>Give each person and each service only the access it needs. Where possible, enforce this in the data layer itself, for example with row-level security policies, so that a mistake in application code cannot expose one customer's data to another.</p>
<h2>3. Secrets that never reach the client</h2>
<p>API keys with write access, signing keys and database credentials belong in a secrets store on the server, never in a mobile app or web bundle. Review every build for keys that should not be there, and rotate any that have leaked.</p>
<h2>4. Audit logs you can trust</h2>
<p>Record who did what and when for every sensitive action: approvals, limit changes, refunds, data exports. Store the logs where the people being audited cannot change them, and make sure someone actually reviews them.</p>
<h2>5. A rehearsed incident plan</h2>
<p>Decide in advance who leads when something goes wrong, how you will contain the problem, who needs to be told (including customers and regulators where the law requires), and how you will communicate. Then rehearse it, because a plan nobody has practised rarely works at two o'clock in the morning.</p>
<blockquote>Security is not a feature you ship once. It is a habit you build before anyone is watching.</blockquote>
<h2>After launch</h2>
<p>These five controls are a starting point, not a finish line. Regular dependency updates, penetration tests before major releases, and a simple way for researchers to report vulnerabilities all belong on the roadmap for the months after launch.</p>$html$,
   'Security', '/images/blog/security-controls-before-launch.svg',
   'Ibrahim Danladi', '/images/avatars/ibrahim-danladi.svg', true,
   array['security', 'fintech', 'compliance', 'best practices'],
   now() - interval '8 days'),

  ('preparing-apis-for-open-banking-in-nigeria',
   'Preparing Your APIs for Open Banking in Nigeria',
   'Open banking will change how customers share their financial data and who can build on it. What banks should do now to make their APIs ready, secure and pleasant to use.',
   $html$<p>Open banking promises a simple idea: customers should be able to share their financial data and initiate payments through the services they choose, securely and with their consent. The Central Bank of Nigeria's open banking framework sets the direction. For banks, the practical question is how to get their APIs ready.</p>
<h2>Start with an honest inventory</h2>
<p>Most banks already expose some APIs, often built one partner at a time with different formats, authentication schemes and documentation. The first step is to list what exists, who uses it and how it is secured.</p>
<h2>Design for consent</h2>
<p>In open banking, every data request must be tied to a specific, time-limited consent from the customer. APIs need to check that consent on every call, and customers need a simple way to see and revoke the access they have granted.</p>
<h2>Standardise the basics</h2>
<ul>
<li>Consistent resource names and error formats across every API.</li>
<li>Versioning, so partners are not broken by changes.</li>
<li>Rate limits and monitoring that protect the core systems behind the APIs.</li>
<li>A sandbox with realistic test data for partners.</li>
</ul>
<h2>Treat partners as customers</h2>
<p>The success of an open banking programme depends on the developers who build on it. Clear documentation, worked examples, predictable onboarding and a named contact for production issues make the difference between an API that is used and one that is merely published. Measure the time it takes a new partner to make their first successful call in the sandbox, and work to shorten it.</p>
<h2>Protect the core</h2>
<p>Open APIs put new and unpredictable load on systems that were designed for branch and channel traffic. An integration layer between the APIs and the core banking system, with caching for read-heavy requests and queues for payment initiation, keeps a surge in partner traffic from slowing down the bank's own customers.</p>
<p><em>Draft: add a section on security profiles and certificate management before publishing.</em></p>$html$,
   'Payments', '/images/blog/preparing-apis-for-open-banking-in-nigeria.svg',
   'Olumide Adeyemi', '/images/avatars/olumide-adeyemi.svg', false,
   array['open banking', 'apis', 'payments', 'nigeria'],
   now() - interval '3 days'),

  ('automating-kyc-reviews-with-a-human-check',
   'Automating KYC Reviews Without Losing the Human Check',
   'Document processing and identity checks can cut onboarding from days to minutes. How to automate the routine cases and route the unusual ones to the people who should see them.',
   $html$<p>Know-your-customer reviews are essential, but in many institutions they are also slow: documents are checked by hand, details are retyped, and good customers wait days to open an account. Automation can remove most of that delay, provided it is designed to send the right cases to people.</p>
<h2>What to automate</h2>
<ul>
<li>Reading identity documents and utility bills, and extracting names, numbers and addresses.</li>
<li>Matching the extracted details with BVN and NIN records.</li>
<li>Checking names against sanctions and watch lists.</li>
<li>Scoring the overall risk of the application.</li>
</ul>
<h2>What to keep human</h2>
<p>Applications with mismatched details, low-quality documents or higher risk scores should go to an experienced reviewer, with the automated findings laid out so the review is quick and well informed.</p>
<h2>Explain every automated decision</h2>
<p>Whenever the system approves, flags or rejects an application, it should record why: which checks passed, which failed and what data was used. Reviewers work faster when they can see the reasons at a glance, and auditors and regulators expect the institution to be able to reconstruct any decision long after it was made.</p>
<h2>Measure the whole queue</h2>
<p>Automation should be judged by what customers experience, not only by how many applications pass without a human touch. Track the time from application to decision, the share of cases sent for review, and how often reviewers overturn the automated finding. A high overturn rate is a sign that thresholds or document models need attention.</p>
<h2>Keep improving the rules</h2>
<p>Fraud patterns and document formats change. Review a sample of automatically approved applications every month, feed reviewer decisions back into the models, and update the rules with the compliance team's sign-off.</p>
<p><em>Draft: add examples of review queues and service levels.</em></p>$html$,
   'AI & Automation', '/images/blog/automating-kyc-reviews-with-a-human-check.svg',
   'Ibrahim Danladi', '/images/avatars/ibrahim-danladi.svg', false,
   array['kyc', 'automation', 'compliance', 'onboarding'],
   now() - interval '1 day');
