-- Discover walks people newest first and checks the filters from the index alone, touching the
-- table only for the rows it returns.
DROP INDEX users_by_gender_id;
CREATE INDEX users_meet ON users(gender, id, birth_date, cell_row, cell_col);

-- The popular tab's order, rebuilt by the popularity job: everyone by score, then newest first,
-- with the filter columns copied so the walk needs no table lookups either.
CREATE TABLE popular_order (
  rank BIGINT PRIMARY KEY,
  user_id BIGINT NOT NULL,
  gender BIGINT NOT NULL,
  birth_date TEXT NOT NULL,
  cell_row BIGINT,
  cell_col BIGINT
);
CREATE INDEX popular_order_walk ON popular_order(gender, rank, birth_date, cell_row, cell_col);
CREATE INDEX popular_order_by_user ON popular_order(user_id);
