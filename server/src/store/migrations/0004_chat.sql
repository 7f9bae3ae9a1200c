-- Chat: the gift catalogue, messages and one conversation row per side.
CREATE TABLE gifts (
  id INTEGER PRIMARY KEY,
  icon TEXT NOT NULL,
  name_he TEXT NOT NULL,
  name_en TEXT NOT NULL,
  name_de TEXT NOT NULL,
  price INTEGER NOT NULL CHECK (price >= 50),
  position INTEGER NOT NULL
);
INSERT INTO gifts (id, icon, name_he, name_en, name_de, price, position) VALUES
  (1, '/gifts/rose.svg', 'ורד', 'Rose', 'Rose', 60, 1),
  (2, '/gifts/heart.svg', 'לב', 'Heart', 'Herz', 60, 2),
  (3, '/gifts/coffee.svg', 'קפה', 'Coffee', 'Kaffee', 70, 3),
  (4, '/gifts/chocolate.svg', 'שוקולד', 'Chocolate', 'Schokolade', 80, 4),
  (5, '/gifts/cupcake.svg', 'קאפקייק', 'Cupcake', 'Cupcake', 80, 5),
  (6, '/gifts/ice-cream.svg', 'גלידה', 'Ice cream', 'Eis', 80, 6),
  (7, '/gifts/balloon.svg', 'בלון', 'Balloon', 'Luftballon', 90, 7),
  (8, '/gifts/sunflower.svg', 'חמנייה', 'Sunflower', 'Sonnenblume', 100, 8),
  (9, '/gifts/kiss.svg', 'נשיקה', 'Kiss', 'Kuss', 100, 9),
  (10, '/gifts/music.svg', 'שיר', 'Song', 'Lied', 120, 10),
  (11, '/gifts/star.svg', 'כוכב', 'Star', 'Stern', 150, 11),
  (12, '/gifts/cocktail.svg', 'קוקטייל', 'Cocktail', 'Cocktail', 150, 12),
  (13, '/gifts/bouquet.svg', 'זר פרחים', 'Bouquet', 'Blumenstrauß', 200, 13),
  (14, '/gifts/teddy.svg', 'דובון', 'Teddy bear', 'Teddybär', 250, 14),
  (15, '/gifts/cake.svg', 'עוגה', 'Cake', 'Torte', 250, 15),
  (16, '/gifts/gift-box.svg', 'קופסת מתנה', 'Gift box', 'Geschenkbox', 300, 16),
  (17, '/gifts/champagne.svg', 'שמפניה', 'Champagne', 'Champagner', 400, 17),
  (18, '/gifts/ring.svg', 'טבעת', 'Ring', 'Ring', 800, 18),
  (19, '/gifts/crown.svg', 'כתר', 'Crown', 'Krone', 1000, 19),
  (20, '/gifts/diamond.svg', 'יהלום', 'Diamond', 'Diamant', 1500, 20);

-- Ids only grow (AUTOINCREMENT never reuses one), so "before id" pages are stable.
CREATE TABLE messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sender_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  receiver_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  low_id INTEGER NOT NULL,
  high_id INTEGER NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('text', 'gift', 'image', 'pphoto')),
  body TEXT NOT NULL,
  gift_id INTEGER REFERENCES gifts(id),
  story_id INTEGER,
  price INTEGER NOT NULL,
  client_id TEXT,
  created_at INTEGER NOT NULL,
  CHECK (sender_id <> receiver_id),
  CHECK (low_id < high_id)
);
CREATE INDEX messages_by_pair ON messages(low_id, high_id, id);
CREATE UNIQUE INDEX messages_by_client_id ON messages(sender_id, client_id)
  WHERE client_id IS NOT NULL;

-- Each side of a conversation: its last message, its unread count and how far it has read.
CREATE TABLE conversations (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  other_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  last_message_id INTEGER NOT NULL,
  unread INTEGER NOT NULL DEFAULT 0 CHECK (unread >= 0),
  read_up_to INTEGER NOT NULL DEFAULT 0,
  archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
  PRIMARY KEY (user_id, other_id)
) WITHOUT ROWID;
CREATE INDEX conversations_by_recent ON conversations(user_id, archived, last_message_id);
