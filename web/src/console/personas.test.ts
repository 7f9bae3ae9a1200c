// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  filterPersonas,
  isPersonaField,
  newPersonaForm,
  personaDraft,
  personaForm,
  withPersona,
} from './personas';
import { adminPersona } from './testing';

const persona = adminPersona;

describe('the persona form', () => {
  it('round-trips a persona into the request the server takes', () => {
    const checked = personaDraft(personaForm(persona(), 'en'));
    expect(checked).toEqual({
      ok: true,
      draft: {
        id: 41,
        name: 'Maya',
        language: 'en',
        birth_date: '1995-04-12',
        gender: 2,
        s_gender: 1,
        s_age_min: 25,
        s_age_max: 45,
        answer: 2,
        bio: 'Sunsets and trail runs',
        place_id: 293397,
        likes_back_percent: 40,
        like_back_delay_s: 90,
      },
    });
  });

  it('names the city in the editor’s language', () => {
    expect(personaForm(persona(), 'he').place).toEqual({ id: 293397, name: 'תל אביב' });
    expect(personaForm(persona({ place: { id: 1, name: 'Haifa' } }), 'he').place?.name).toBe(
      'Haifa',
    );
  });

  it('starts a new persona adult, without a city, and sends no id', () => {
    const form = newPersonaForm('de', new Date('2026-11-25T12:00:00Z'));
    expect(form.birthDate).toBe('1998-06-15');
    expect(form.language).toBe('de');
    expect(personaDraft(form)).toEqual({ ok: false, field: 'name' });
    const named = personaDraft({ ...form, name: 'Lena', place: { id: 2950159, name: 'Berlin' } });
    expect(named.ok && 'id' in named.draft).toBe(false);
  });

  it('points at the first field it cannot send', () => {
    const form = personaForm(persona(), 'en');
    const cases: [Partial<typeof form>, string][] = [
      [{ name: '   ' }, 'name'],
      [{ name: 'A'.repeat(21) }, 'name'],
      [{ birthDate: '12.04.1995' }, 'birth_date'],
      [{ ageMin: '17' }, 's_age'],
      [{ ageMin: '50', ageMax: '40' }, 's_age'],
      [{ ageMax: 'forty' }, 's_age'],
      [{ bio: 'x'.repeat(501) }, 'bio'],
      [{ place: null }, 'place_id'],
      [{ likesBackPercent: '101' }, 'likes_back_percent'],
      [{ likesBackPercent: '-1' }, 'likes_back_percent'],
      [{ likeBackDelay: '86401' }, 'like_back_delay_s'],
      [{ likeBackDelay: '' }, 'like_back_delay_s'],
    ];
    for (const [change, field] of cases) {
      expect(personaDraft({ ...form, ...change })).toEqual({ ok: false, field });
    }
  });

  it('knows which refusals name a form field', () => {
    expect(isPersonaField('s_age')).toBe(true);
    expect(isPersonaField('place_id')).toBe(true);
    expect(isPersonaField('id')).toBe(false);
    expect(isPersonaField(undefined)).toBe(false);
  });
});

describe('the persona list', () => {
  const list = [
    persona({ id: 1, name: 'Noa', disabled: 1 }),
    persona({ id: 2, name: 'Lena', place: { id: 2950159, name: 'Berlin' } }),
    persona({ id: 3, name: 'Maya' }),
  ];

  it('filters by name or city in any case, active ones first', () => {
    expect(filterPersonas(list, '').map((p) => p.id)).toEqual([2, 3, 1]);
    expect(filterPersonas(list, 'berl').map((p) => p.id)).toEqual([2]);
    expect(filterPersonas(list, 'תל').map((p) => p.id)).toEqual([3, 1]);
    expect(filterPersonas(list, 'NOA').map((p) => p.id)).toEqual([1]);
  });

  it('replaces a changed persona and adds a new one in name order', () => {
    const changed = withPersona(list, persona({ id: 2, name: 'Lena', disabled: 1 }));
    expect(changed.find((p) => p.id === 2)?.disabled).toBe(1);
    expect(changed).toHaveLength(3);
    expect(withPersona(list, persona({ id: 9, name: 'Avi' })).map((p) => p.name)).toEqual([
      'Avi',
      'Lena',
      'Maya',
      'Noa',
    ]);
  });
});
