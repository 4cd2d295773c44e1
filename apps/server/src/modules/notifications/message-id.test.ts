import { describe, expect, it } from 'vitest';
import { deliveryMessageId } from './delivery';

describe('deliveryMessageId', () => {
  const key = 'buy:5b1d3c9e-2f4a-4c1e-9d7a-0b8e6f1a2c3d:2026-03-20:0f9e8d7c-6b5a-4c3d-2e1f-0a9b8c7d6e5f:email';

  it('is the same for the same delivery, and a valid msg-id on the APP_URL host', () => {
    const id = deliveryMessageId(key, 'https://roundup.example.com/');
    expect(deliveryMessageId(key, 'https://roundup.example.com/')).toBe(id);
    // RFC 5322 msg-id: "<" dot-atom-text "@" domain ">" (the key's ":" is not allowed in an atom).
    expect(id).toMatch(/^<[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@roundup\.example\.com>$/);
    expect(id).toContain('%3A');
  });

  it('tells keys apart that differ only in characters it encodes', () => {
    const ids = ['a:b', 'a.b', 'a%3Ab', 'a b', 'a:b:é'].map((k) => deliveryMessageId(k, 'http://localhost:3000'));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe('<a%3Ab@localhost>');
  });
});
