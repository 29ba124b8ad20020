"""Online play: the refereed match service (``ginrummy-server``) and the headless client.

Modules: ``protocol`` (the wire payload, schema and size caps), ``table`` (one refereed table:
engine match, seats, versions), ``referee`` (the XMPP component), ``lobby`` (rooms, table list,
chat limits, quick match), ``service_store`` (SQLite/PostgreSQL), ``ratings`` (Glicko-2),
``limits`` (rate limits), ``config`` (the server's TOML), ``records`` (JSONL hand records),
``client`` (the headless client library), ``bot_player`` (a bot playing through a client),
``server`` (the console script), ``sim_online`` (``ginrummy-sim online``). Observations and
actions use ``engine.wire``. Protocol and client API: docs/online-protocol.md.
"""
