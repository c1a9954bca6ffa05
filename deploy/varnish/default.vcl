vcl 4.1;
# Varnish in front of the web server (Varnish 6.0 or newer; `npm run edge` runs Debian's varnishd
# with this file, its backend set to the running site). What it does:
#   - keeps what the origin says shared caches may keep, for its s-maxage, and nothing it marks
#     private, no-store or no-cache, or answers with a cookie, or says nothing about;
#   - while the site answers, serves a page past its lifetime for up to a minute while fetching it
#     again (the site's stale-while-revalidate); while it does not, for as long as the page's
#     stale-if-error allows;
#   - bans every object carrying one of the surrogate keys a PURGE (or BAN) names in its
#     Surrogate-Key header, sent by the site's purge sender (PURGE_VARNISH_URLS), from the
#     addresses in `purgers` only; a PURGE without keys purges its own URL.
# Put the site's address in the backend below (one backend block per web instance, each added to
# `sites` in vcl_init), and the purging web servers' addresses in `purgers`.
import directors;
import std;

backend site {
    .host = "127.0.0.1";
    .port = "3000";
    # The origin answers on its own even when its database does not (it serves the last good
    # pages), so it counts as sick only when it does not answer a static file.
    .probe = {
        .url = "/favicon.svg";
        .interval = 2s;
        .timeout = 1s;
        .window = 3;
        .threshold = 2;
        # Healthy from the start: a restarted Varnish sends visitors on at once instead of a 503
        # until two probes have answered.
        .initial = 2;
    }
}

sub vcl_init {
    new sites = directors.round_robin();
    sites.add_backend(site);
}

acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    set req.backend_hint = sites.backend();
    if (req.method == "PURGE" || req.method == "BAN") {
        if (client.ip !~ purgers) {
            return (synth(405, "Not allowed"));
        }
        if (req.http.Surrogate-Key) {
            # Keys are lower-case words with : . _ - (src/lib/surrogate-keys.ts), so they go into
            # the pattern as they are; anything else is refused rather than escaped.
            if (req.http.Surrogate-Key !~ "^ *[a-z0-9][a-z0-9:._-]*( +[a-z0-9][a-z0-9:._-]*)* *$") {
                return (synth(400, "Surrogate-Key must be keys separated by spaces"));
            }
            set req.http.X-Keys = regsuball(regsuball(req.http.Surrogate-Key, "^ +| +$", ""), " +", "|");
            if (std.ban("obj.http.Surrogate-Key ~ (^|\s)(" + req.http.X-Keys + ")(\s|$)")) {
                return (synth(200, "Banned"));
            }
            return (synth(400, std.ban_error()));
        }
        if (req.method == "PURGE") {
            return (purge);
        }
        return (synth(400, "BAN needs a Surrogate-Key header"));
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    if (req.http.Authorization) {
        return (pass);
    }
    # Tracking parameters change nothing on a page (the site leaves them out of its render): one
    # object serves them all.
    if (req.url ~ "[?&](utm_[a-z]+|fbclid|gclid|mc_eid)=") {
        set req.url = regsuball(req.url, "([?&])(utm_[a-z]+|fbclid|gclid|mc_eid)=[^&]*&?", "\1");
        set req.url = regsub(req.url, "[?&]+$", "");
    }
    if (std.healthy(req.backend_hint)) {
        set req.grace = 60s;
    }
    # A cookie changes no public page (pages that depend on one are marked private by the origin,
    # and never kept), so it does not make every request a miss as Varnish's default would.
    return (hash);
}

sub vcl_backend_response {
    # A failed background refresh keeps the page as it was.
    if (beresp.status >= 500 && bereq.is_bgfetch) {
        return (abandon);
    }
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(^|[ ,])(private|no-store|no-cache)" ||
        beresp.http.Cache-Control !~ "(^|[ ,])(s-maxage|max-age)=[1-9]") {
        # Not kept; later requests go straight to the origin for a while instead of queueing.
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # Kept past its lifetime for as long as it may be served while the origin fails.
    if (beresp.http.Cache-Control ~ "(^|[ ,])stale-if-error=[0-9]+") {
        set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\1s"), 0s);
    }
    return (deliver);
}

sub vcl_backend_error {
    if (bereq.is_bgfetch) {
        return (abandon);
    }
}

sub vcl_deliver {
    # The keys are for purging here, not for browsers.
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
