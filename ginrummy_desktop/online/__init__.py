"""Online play: the refereed match service (``ginrummy-server``) and the headless client.

Modules: ``protocol`` (the wire payload), ``table``
(one refereed table), ``referee`` (the XMPP component), ``lobby`` (rooms, table list, quick
match), ``service_store`` (SQLite/PostgreSQL), ``ratings`` (Glicko-2), ``limits``,
``config`` (the server's TOML), ``client`` (the headless client library), ``bot_player``
(a built-in bot playing through a client), ``server`` (the console script).
"""
