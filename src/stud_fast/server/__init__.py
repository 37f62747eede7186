"""A stud table server: many tables over WebSocket, every chip in a real database.

``pip install '.[server]'`` and ``stud-fast serve`` (docs/server.md has the protocol).
The modules, each with one job:

- :mod:`~stud_fast.server.app`: the routes (REST and WebSocket) and :func:`create_app`;
- :mod:`~stud_fast.server.sockets`: one client connection, its limits;
- :mod:`~stud_fast.server.lobby`: the process's tables and the players' tokens;
- :mod:`~stud_fast.server.tables`: one asyncio task per table, the clock;
- :mod:`~stud_fast.server.inbox`: what a table task is sent (commands, listeners, refusals);
- :mod:`~stud_fast.server.hands`: the hand in play (the engine's StudHand), what each seat sees;
- :mod:`~stud_fast.server.loader`: a table's state, rebuilt from the store;
- :mod:`~stud_fast.server.spec`: what a table is created with;
- :mod:`~stud_fast.server.store`, :mod:`~stud_fast.server.schema`: the database (SQLAlchemy);
- :mod:`~stud_fast.server.protocol`: every message's model;
- :mod:`~stud_fast.server.wire`: the text of view messages, serialized incrementally;
- :mod:`~stud_fast.server.client`: a bot that plays over the wire.
"""
