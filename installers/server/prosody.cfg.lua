-- Prosody (Debian prosody 0.12) configuration for a Gin Rummy Desktop online service: the
-- alternative to ejabberd on one machine (Prosody does not cluster; see docs/online.md).
--
-- Copy to /etc/prosody/prosody.cfg.lua and replace everywhere:
--   example.org        the players' XMPP domain
--   CHANGE-ME-SECRET   the referee component's shared secret (also in /etc/ginrummy/server.toml)
-- Certificates: `prosodyctl --root cert import /etc/letsencrypt/live` puts them under
-- /etc/prosody/certs, where Prosody finds them by name. Check: `prosodyctl check`.

admins = { "admin@example.org" }
pidfile = "/run/prosody/prosody.pid"
log = { info = "/var/log/prosody/prosody.log"; error = "/var/log/prosody/prosody.err"; }

modules_enabled = {
  "roster";        -- friends: rosters and presence subscriptions
  "saslauth"; "tls";
  "disco"; "carbons"; "pep"; "private";
  "blocklist";     -- XEP-0191 block lists
  "vcard4"; "vcard_legacy";  -- profiles
  "version"; "uptime"; "time"; "ping";
  "register";      -- XEP-0077 in-band registration
  "mam";           -- XEP-0313 private-message history
  "smacks";        -- XEP-0198 stream resumption after a dropped connection
  "offline";       -- messages reach an offline friend at next sign-in
  "limits";        -- traffic limits below
  "admin_shell";
}
modules_disabled = { "s2s" }  -- no federation needed for games; remove to allow it

authentication = "internal_hashed"   -- SCRAM
c2s_require_encryption = true
allow_registration = true
-- Registration rate limit: at most one new account per address per 10 minutes.
registration_throttle_max = 1
registration_throttle_period = 600
registration_allowlist = { }          -- by default Prosody exempts 127.0.0.1; nobody is exempt here

-- A client sending a larger stanza is cut off. The largest a game client sends is about
-- 5.5 KB (docs/online.md, "Stanza size"); ejabberd needs 8 KB against deeply nested stanzas
-- and Prosody 0.12 survived 9,000 levels (63 KB), but one limit for both keeps them alike.
c2s_stanza_size_limit = 8192
limits = {
  c2s = { rate = "3kb/s"; burst = "5s"; };
}
smacks_hibernation_time = 300
default_archive_policy = true
archive_expires_after = "1y"

-- Components (the referee) connect on loopback only.
component_ports = { 5347 }
component_interfaces = { "127.0.0.1" }

VirtualHost "example.org"

-- Lobby rooms, one per game.
-- No restrict_room_creation: its "local" would refuse the referee component (another host),
-- which creates the lobby rooms.
Component "conference.example.org" "muc"
  modules_enabled = { "muc_mam" }
  max_history_messages = 20

-- One entry per referee process (docs/online.md, "Several referees").
Component "referee.example.org"
  component_secret = "CHANGE-ME-SECRET"
