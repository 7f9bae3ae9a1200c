// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { parseFrame, spinDetailsOf } from './parse';

describe('parseFrame', () => {
  it('drops frames that are not JSON objects with a string module', () => {
    expect(parseFrame('not json')).toBeNull();
    expect(parseFrame('[1,2]')).toBeNull();
    expect(parseFrame('{"data":1}')).toBeNull();
    expect(parseFrame('{"module":7}')).toBeNull();
    expect(parseFrame(new ArrayBuffer(2))).toBeNull();
  });

  it('parses a reply with its envelope fields', () => {
    const reply = parseFrame(
      '{"module":"user/update","rid":"8","request_status":0,"error_code":"invalid_value","field":"value"}',
    );
    expect(reply).toEqual({
      module: 'user/update',
      rid: '8',
      request_status: 0,
      error_code: 'invalid_value',
      field: 'value',
    });
  });

  it('keeps well-formed data and drops malformed data', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(
      parseFrame('{"module":"geodata","request_status":1,"data":{"country":"IL","language":"he"}}'),
    ).toMatchObject({ data: { country: 'IL', language: 'he' } });
    const bad = parseFrame('{"module":"geodata","request_status":1,"data":{"language":"xx"}}');
    expect(bad).toEqual({ module: 'geodata', request_status: 1 });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('types the export events, offers only this site’s export links, and checks the replies', () => {
    expect(
      parseFrame('{"module":"account/export/progress","request_status":1,"data":{"percent":42}}'),
    ).toEqual({ module: 'account/export/progress', data: { percent: 42 } });
    expect(parseFrame('{"module":"account/export/progress","data":{"percent":140}}')).toEqual({
      module: 'account/export/progress',
      data: { percent: 100 },
    });
    expect(parseFrame('{"module":"account/export/progress","data":{}}')).toBeNull();
    const link = '/api/account/export/12-abc.json?exp=9&sig=x';
    expect(
      parseFrame(
        `{"module":"account/export/ready","data":{"link":"${link}","expires_at":1795416400}}`,
      ),
    ).toEqual({ module: 'account/export/ready', data: { link, expires_at: 1795416400 } });
    expect(
      parseFrame(
        '{"module":"account/export/ready","data":{"link":"https://evil.example/x","expires_at":1}}',
      ),
    ).toBeNull();
    expect(
      parseFrame(
        '{"module":"account/export/failed","request_status":0,"error_code":"internal_error"}',
      ),
    ).toEqual({ module: 'account/export/failed', error_code: 'internal_error' });
    expect(
      parseFrame(
        '{"module":"account/export","rid":"3","request_status":1,"data":{"status":"running","percent":0}}',
      ),
    ).toMatchObject({ data: { status: 'running', percent: 0 } });
    expect(
      parseFrame('{"module":"account/erase","rid":"4","request_status":1,"data":{"erased":true}}'),
    ).toMatchObject({ data: { erased: true } });
    expect(
      parseFrame(
        '{"module":"account/erase","rid":"5","request_status":0,"error_code":"invalid_credentials","field":"password"}',
      ),
    ).toMatchObject({ request_status: 0, error_code: 'invalid_credentials', field: 'password' });
  });

  it('parses claim_free_credits and pong events', () => {
    expect(
      parseFrame(
        '{"module":"claim_free_credits","request_status":1,"request_details":{"claimed":true},"claimed_credits":200}',
      ),
    ).toEqual({
      module: 'claim_free_credits',
      request_status: 1,
      request_details: { claimed: true },
      claimed_credits: 200,
    });
    expect(parseFrame('{"module":"claim_free_credits"}')).toBeNull();
    expect(parseFrame('{"module":"pong"}')).toEqual({ module: 'pong' });
  });

  it('passes frames of modules the client does not know as plain envelopes', () => {
    expect(parseFrame('{"module":"future/module","data":{"id":4}}')).toEqual({
      module: 'future/module',
      data: { id: 4 },
    });
  });

  it('types the money events and drops malformed ones', () => {
    expect(
      parseFrame(
        '{"module":"payment/complete","data":{"order_id":"o_1","type":"buy-credits","credits":6200,"premium_until":null}}',
      ),
    ).toEqual({
      module: 'payment/complete',
      data: { order_id: 'o_1', type: 'buy-credits', credits: 6200, premium_until: null },
    });
    expect(
      parseFrame(
        '{"module":"payment/complete","data":{"order_id":"o_1","type":"gift","credits":1}}',
      ),
    ).toBeNull();
    expect(parseFrame('{"module":"payment/complete","data":{"order_id":"o_1"}}')).toBeNull();
    const pkg = {
      id: 3,
      credits: 5000,
      price: 149,
      currency: 'ILS',
      discount: 20,
      bonus: 1000,
      free_spins: 1,
      promo_active: 1,
      promo_ends: 1795400000,
    };
    expect(
      parseFrame(
        JSON.stringify({ module: 'update_credit_discount', data: { credits_packages: [pkg] } }),
      ),
    ).toEqual({ module: 'update_credit_discount', data: { credits_packages: [pkg] } });
    expect(
      parseFrame(
        JSON.stringify({
          module: 'update_credit_discount',
          data: { credits_packages: [{ ...pkg, promo_ends: '2026-01-01' }] },
        }),
      ),
    ).toBeNull();
    expect(parseFrame('{"module":"notification","type":"wheel_credits","coins":150}')).toEqual({
      module: 'notification',
      type: 'wheel_credits',
      coins: 150,
    });
    expect(
      parseFrame('{"module":"notification","type":"freespin","data":{"sof_spin_available":2}}'),
    ).toEqual({
      module: 'notification',
      type: 'freespin',
      sof_spin_available: 2,
    });
    // A staff warning carries the staff's own words.
    expect(
      parseFrame('{"module":"notification","type":"warning","coins":0,"message":"Be kind"}'),
    ).toEqual({ module: 'notification', type: 'warning', coins: 0, message: 'Be kind' });
    expect(parseFrame('{"module":"notification","type":"banner"}')).toBeNull();
  });

  it('accepts a checkout on this site only', () => {
    const order = {
      order_id: 'o_1',
      redirect_url: '/payments/sandbox/checkout/o_1',
      amount: 149,
      currency: 'ILS',
    };
    expect(
      parseFrame(
        JSON.stringify({ module: 'payment/initiate', rid: '1', request_status: 1, data: order }),
      ),
    ).toMatchObject({ data: order });
    for (const url of ['https://evil.example/pay', '//evil.example/pay', 'javascript:alert(1)']) {
      const reply = parseFrame(
        JSON.stringify({
          module: 'payment/initiate',
          rid: '1',
          request_status: 1,
          data: { ...order, redirect_url: url },
        }),
      );
      expect(reply).not.toHaveProperty('data');
    }
  });

  it('checks the wheel prizes and the spin details', () => {
    const prizes = [
      { id: 1, kind: 'coins', amount: 50, odds: 0.4 },
      { id: 2, kind: 'freespin', amount: 0, odds: 0.1 },
    ];
    expect(
      parseFrame(JSON.stringify({ module: 'spinofluck/prizes', request_status: 1, data: prizes })),
    ).toMatchObject({ data: prizes });
    expect(
      parseFrame(
        JSON.stringify({
          module: 'spinofluck/prizes',
          data: [{ id: 1, kind: 'jackpot', amount: 1, odds: 0.1 }],
        }),
      ),
    ).not.toHaveProperty('data');
    expect(spinDetailsOf({ credits: 100, sof_spin_available: 0, prize: prizes[0] })).toEqual({
      credits: 100,
      sof_spin_available: 0,
      prize: prizes[0],
    });
    expect(spinDetailsOf({ credits: '100', sof_spin_available: 0 })).toBeNull();
  });

  it('types presence and match events, and drops malformed ones', () => {
    expect(parseFrame('{"module":"onlines","type":"online","user_id":4}')).toEqual({
      module: 'onlines',
      type: 'online',
      user_id: 4,
    });
    expect(parseFrame('{"module":"onlines","type":"away","user_id":4}')).toBeNull();
    expect(parseFrame('{"module":"match","data":{"user":{"id":"x"}}}')).toBeNull();
  });

  const MESSAGE = {
    id: 981,
    client_id: 'c-1-x',
    type: 'text',
    message: 'Hi!',
    sender_id: 12,
    receiver_id: 41,
    timestamp: 1795330000,
    seen: 0,
    isMe: 1,
    story: null,
    story_id: null,
    body: null,
    avatar: null,
    gift: null,
    price: 50,
  };

  it('types new_message events and drops malformed ones', () => {
    const frame = JSON.stringify({ module: 'new_message', request_details: MESSAGE });
    expect(parseFrame(frame)).toEqual({ module: 'new_message', request_details: MESSAGE });
    const gift = {
      ...MESSAGE,
      type: 'gift',
      gift: { id: 3, icon: '/gifts/rose.svg', gift: 'Rose', price: 80 },
    };
    expect(parseFrame(JSON.stringify({ module: 'new_message', request_details: gift }))).toEqual({
      module: 'new_message',
      request_details: gift,
    });
    expect(parseFrame('{"module":"new_message","data":{"id":4}}')).toBeNull();
    const badType = { ...MESSAGE, type: 'video' };
    expect(
      parseFrame(JSON.stringify({ module: 'new_message', request_details: badType })),
    ).toBeNull();
  });

  it('tells a message/read event from the reply to a message/read request', () => {
    expect(
      parseFrame(
        '{"module":"message/read","request_details":{"reader_id":41,"partner_id":12,"up_to_id":982}}',
      ),
    ).toEqual({
      module: 'message/read',
      request_details: { reader_id: 41, partner_id: 12, up_to_id: 982 },
    });
    expect(
      parseFrame(
        '{"module":"message/read","request_details":{"reader_id":12,"partner_id":41,"up_to_id":9,"unread":0,"total_unread":3}}',
      ),
    ).toEqual({
      module: 'message/read',
      request_details: { reader_id: 12, partner_id: 41, up_to_id: 9, unread: 0, total_unread: 3 },
    });
    expect(parseFrame('{"module":"message/read","request_details":{"reader_id":1}}')).toBeNull();
    // The reply carries the rid of the request and reaches its waiter.
    expect(
      parseFrame(
        '{"module":"message/read","rid":"5","request_status":1,"request_details":{"read":2,"total_unread":3}}',
      ),
    ).toEqual({
      module: 'message/read',
      rid: '5',
      request_status: 1,
      request_details: { read: 2, total_unread: 3 },
    });
  });

  it('types typing events, drops malformed ones, and tells them from the reply to a request', () => {
    expect(parseFrame('{"module":"typing","data":{"user_id":41}}')).toEqual({
      module: 'typing',
      data: { user_id: 41 },
    });
    // Only the sender's id reaches the app, whatever else the frame carries.
    expect(parseFrame('{"module":"typing","data":{"user_id":41,"name":"Noa"},"x":1}')).toEqual({
      module: 'typing',
      data: { user_id: 41 },
    });
    expect(parseFrame('{"module":"typing"}')).toBeNull();
    expect(parseFrame('{"module":"typing","data":{"user_id":"41"}}')).toBeNull();
    expect(parseFrame('{"module":"typing","data":{}}')).toBeNull();
    expect(parseFrame('{"module":"typing","data":[41]}')).toBeNull();
    // The reply to one's own typing request carries its rid and an empty object.
    expect(parseFrame('{"module":"typing","rid":"9","request_status":1,"data":{}}')).toEqual({
      module: 'typing',
      rid: '9',
      request_status: 1,
      data: {},
    });
    expect(
      parseFrame(
        '{"module":"typing","rid":"9","request_status":0,"error_code":"not_found","field":"receiver_id"}',
      ),
    ).toEqual({
      module: 'typing',
      rid: '9',
      request_status: 0,
      error_code: 'not_found',
      field: 'receiver_id',
    });
  });

  it('types credits events', () => {
    expect(parseFrame('{"module":"credits","data":{"credits":150}}')).toEqual({
      module: 'credits',
      data: { credits: 150 },
    });
    expect(parseFrame('{"module":"credits","data":{"credits":"150"}}')).toBeNull();
  });

  it('checks the data of the chat replies', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const contact = {
      id: 41,
      name: 'Noa',
      photo: null,
      last_m: 'Hi!',
      last_type: 'text',
      last_m_is_photo: 0,
      gift: 0,
      s_id: 12,
      time: 1795330000,
      unread: 2,
      total_unread: 5,
      vip: 0,
      status: 1,
      virtual: 1,
      archived: 0,
    };
    expect(
      parseFrame(
        JSON.stringify({ module: 'user/contacts', rid: '1', request_status: 1, data: [contact] }),
      ),
    ).toMatchObject({ data: [contact] });
    expect(
      parseFrame(
        JSON.stringify({ module: 'send_message', rid: '2', request_status: 1, data: MESSAGE }),
      ),
    ).toMatchObject({ data: MESSAGE });
    expect(
      parseFrame(
        '{"module":"user/contacts/unread","rid":"3","request_status":1,"data":[{"total":5}]}',
      ),
    ).toMatchObject({ data: [{ total: 5 }] });
    const bad = parseFrame(
      JSON.stringify({ module: 'messages', rid: '4', request_status: 1, data: [{ id: 'x' }] }),
    );
    expect(bad).toEqual({ module: 'messages', rid: '4', request_status: 1 });
    warn.mockRestore();
  });

  it('reads locked fans and visitors as entries with at most a blurred photo', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const named = {
      id: 41,
      name: 'Noa',
      age: 27,
      photo: '/media/personas/41-1.svg',
      city: 'Tel Aviv',
      country: 'Israel',
      time: 1795330000,
      status: 1,
      story: 0,
      virtual: 1,
      locked: 0,
    };
    const locked = [
      { locked: 1, photo: null },
      { locked: 1, photo: '/media/u/blurred.jpg' },
    ];
    for (const module of ['user/fans', 'user/visitors']) {
      expect(
        parseFrame(
          JSON.stringify({ module, rid: '1', request_status: 1, data: [...locked, named] }),
        ),
      ).toMatchObject({ data: [...locked, named] });
    }
    // A named entry needs its id; my likes and matches never hold locked entries.
    for (const [module, data] of [
      ['user/fans', [{ ...named, id: null }]],
      ['user/fans', [{ locked: 1, photo: 7 }]],
      ['user/mylikes', [{ locked: 1, photo: null }]],
    ] as const) {
      expect(parseFrame(JSON.stringify({ module, rid: '2', request_status: 1, data }))).toEqual({
        module,
        rid: '2',
        request_status: 1,
      });
    }
    warn.mockRestore();
  });

  it('types user/photos/changed and the photo entries, each with its thumbnail', () => {
    const photos = [{ id: 7, photo: '/media/u/a.jpg', thumb: '/media/u/a-t.jpg' }];
    expect(parseFrame(JSON.stringify({ module: 'user/photos/changed', data: { photos } }))).toEqual(
      { module: 'user/photos/changed', data: { photos } },
    );
    expect(
      parseFrame(JSON.stringify({ module: 'user/photos/changed', data: { photos: [{ id: 7 }] } })),
    ).toBeNull();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(
      parseFrame(
        JSON.stringify({
          module: 'user/photos',
          rid: '5',
          request_status: 1,
          data: [{ id: 7, photo: '/media/u/a.jpg' }],
        }),
      ),
    ).toEqual({ module: 'user/photos', rid: '5', request_status: 1 });
    warn.mockRestore();
    const added = parseFrame(
      JSON.stringify({
        module: 'user/photos/add',
        rid: '6',
        request_status: 1,
        request_details: { photo_id: 7, photos },
      }),
    );
    expect(added).toEqual({
      module: 'user/photos/add',
      rid: '6',
      request_status: 1,
      request_details: { photo_id: 7, photos },
    });
  });
});
