import { describe, expect, it, vi } from 'vitest';
import { parseFrame } from './parse';

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

  it('passes frames of modules without a dedicated type as envelopes', () => {
    expect(parseFrame('{"module":"new_message","data":{"id":4}}')).toEqual({
      module: 'new_message',
      data: { id: 4 },
    });
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
});
