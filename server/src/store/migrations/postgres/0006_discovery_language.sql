-- Discovery shows people in the viewer's language first, then the next (domain::reading_order),
-- so every walk starts from (gender, language, …).
DROP INDEX users_by_cell;
CREATE INDEX users_by_cell ON users(gender, language, cell_row, cell_col, birth_date);
DROP INDEX users_meet;
CREATE INDEX users_meet ON users(gender, language, id, birth_date, cell_row, cell_col);

-- The popularity job rebuilds this table every minute; until its next run everyone is a
-- newcomer to the popular tab, which lists them too.
DROP TABLE popular_order;
CREATE TABLE popular_order (
  rank BIGINT PRIMARY KEY,
  user_id BIGINT NOT NULL,
  gender BIGINT NOT NULL,
  language TEXT NOT NULL,
  birth_date TEXT NOT NULL,
  cell_row BIGINT,
  cell_col BIGINT
);
CREATE INDEX popular_order_walk ON popular_order(gender, language, rank, birth_date, cell_row, cell_col);
CREATE INDEX popular_order_by_user ON popular_order(user_id);
