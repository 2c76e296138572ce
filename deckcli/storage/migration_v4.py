"""Schema 3 -> 4: the tournament tables (:mod:`deckcli.storage.event_models`) are added; no existing row is touched.

The statements are written out as SQLAlchemy creates them for a new file (a test compares the two), not taken from
the models, so a later change to the models does not alter this step.
"""

from __future__ import annotations

from sqlalchemy.engine import Connection

#: CREATE TABLE and CREATE INDEX of the event, registration, deck_check and side_exchange tables, in order.
STATEMENTS = (
    ('CREATE TABLE event (\n'
     '\tid INTEGER NOT NULL, \n'
     '\tname VARCHAR NOT NULL, \n'
     '\t"key" VARCHAR NOT NULL, \n'
     '\tgame VARCHAR NOT NULL, \n'
     '\tformat VARCHAR NOT NULL, \n'
     '\tdate DATE, \n'
     '\trounds INTEGER, \n'
     '\tcreated DATETIME NOT NULL, \n'
     '\tstarted DATETIME, \n'
     '\tPRIMARY KEY (id), \n'
     '\tUNIQUE (name), \n'
     '\tUNIQUE ("key")\n'
     ')'),
    'CREATE INDEX ix_event_game ON event (game)',
    ('CREATE TABLE registration (\n'
     '\tid INTEGER NOT NULL, \n'
     '\tevent_id INTEGER NOT NULL, \n'
     '\tplayer VARCHAR NOT NULL, \n'
     '\tplayer_key VARCHAR NOT NULL, \n'
     '\tplayer_id VARCHAR NOT NULL, \n'
     '\tdeck VARCHAR NOT NULL, \n'
     '\tdecklist JSON NOT NULL, \n'
     '\tlegal BOOLEAN NOT NULL, \n'
     '\tproblems JSON NOT NULL, \n'
     '\tfingerprint VARCHAR NOT NULL, \n'
     '\tregistered_at DATETIME NOT NULL, \n'
     '\tsuperseded_at DATETIME, \n'
     '\tPRIMARY KEY (id), \n'
     '\tFOREIGN KEY(event_id) REFERENCES event (id) ON DELETE CASCADE\n'
     ')'),
    'CREATE INDEX ix_registration_event_player ON registration (event_id, player_key)',
    'CREATE UNIQUE INDEX ux_registration_current ON registration (event_id, player_key) WHERE superseded_at IS NULL',
    ('CREATE TABLE deck_check (\n'
     '\tid INTEGER NOT NULL, \n'
     '\tregistration_id INTEGER NOT NULL, \n'
     '\tresult JSON NOT NULL, \n'
     '\tpassed BOOLEAN NOT NULL, \n'
     '\tchecked_at DATETIME NOT NULL, \n'
     '\tPRIMARY KEY (id), \n'
     '\tFOREIGN KEY(registration_id) REFERENCES registration (id) ON DELETE CASCADE\n'
     ')'),
    'CREATE INDEX ix_deck_check_registration_id ON deck_check (registration_id)',
    ('CREATE TABLE side_exchange (\n'
     '\tid INTEGER NOT NULL, \n'
     '\tregistration_id INTEGER NOT NULL, \n'
     '\tround INTEGER NOT NULL, \n'
     '\tdecklist JSON NOT NULL, \n'
     '\tproblems JSON NOT NULL, \n'
     '\tlegal BOOLEAN NOT NULL, \n'
     '\tat DATETIME NOT NULL, \n'
     '\tsuperseded_at DATETIME, \n'
     '\tPRIMARY KEY (id), \n'
     '\tFOREIGN KEY(registration_id) REFERENCES registration (id) ON DELETE CASCADE\n'
     ')'),
    'CREATE INDEX ix_side_exchange_registration ON side_exchange (registration_id, round)',
    'CREATE UNIQUE INDEX ux_side_exchange_current ON side_exchange (registration_id, round) WHERE superseded_at IS NULL',
)


def add_event_tables(conn: Connection) -> None:
    """Create the four event tables and their indexes in the caller's write transaction."""
    for statement in STATEMENTS:
        conn.exec_driver_sql(statement)
