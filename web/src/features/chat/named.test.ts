// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import type { Contact } from '../../realtime/protocol';
import { setTestLanguage } from '../auth/testUtils';
import { named } from './api';

const contact: Contact = {
  id: 41,
  name: '',
  photo: null,
  last_m: 'Hi!',
  last_type: 'text',
  last_m_is_photo: 0,
  gift: 0,
  s_id: 41,
  time: 1795330000,
  unread: 1,
  total_unread: 1,
  vip: 0,
  status: 0,
  virtual: 0,
  archived: 0,
};

describe('named', () => {
  beforeAll(async () => {
    await setTestLanguage('en');
  });

  it('calls a member who erased their account "a deleted member", and leaves others alone', () => {
    expect(named({ ...contact, deleted: 1 }).name).toBe('A deleted member');
    const noa = { ...contact, name: 'Noa', deleted: 0 as const };
    expect(named(noa)).toBe(noa);
  });
});
