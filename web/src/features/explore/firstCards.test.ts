import { describe, expect, it } from 'vitest';
import { FIRST_CARDS_ID, takeFirstCards } from './firstCards';

const person = (id: number) => ({
  id,
  name: `P${id}`,
  age: 30,
  gender: 2,
  photo: null,
  thumb: null,
  photos_count: 0,
  bio: '',
  language: 'en',
  city: 'Haifa',
  country: 'Israel',
  distance_km: 5,
  status: 0,
  vip: 0,
  virtual: 0,
  has_story: 0,
  liked: 0,
  matched: 0,
});

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_CARDS_ID;
  script.textContent = json;
  doc.body.append(script);
  return doc;
}

describe('takeFirstCards', () => {
  it('reads the people the server drew, once', () => {
    const doc = pageWith(JSON.stringify([person(7), person(9)]));
    expect(takeFirstCards(doc)?.map((p) => p.id)).toEqual([7, 9]);
    expect(doc.getElementById(FIRST_CARDS_ID)).toBeNull();
    expect(takeFirstCards(doc)).toBeNull();
  });

  it('takes an empty deck as it is', () => {
    expect(takeFirstCards(pageWith('[]'))).toEqual([]);
  });

  it('is null without the element, for broken JSON, and for anything that is not people', () => {
    expect(takeFirstCards(document.implementation.createHTMLDocument('t'))).toBeNull();
    expect(takeFirstCards(pageWith('[{"id":7,'))).toBeNull();
    expect(takeFirstCards(pageWith('{"id":7}'))).toBeNull();
    expect(takeFirstCards(pageWith(JSON.stringify([person(7), { id: 'x' }])))).toBeNull();
  });
});
