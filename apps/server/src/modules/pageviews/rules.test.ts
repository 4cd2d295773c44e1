import { describe, expect, it } from 'vitest';
import { normalizePagePath, summaryWindow } from './rules';

describe('normalizePagePath', () => {
  it.each([
    ['/', '/'],
    ['/learn/', '/learn'],
    ['/learn/reverse-splits?x=1#top', '/learn/reverse-splits'],
    ['/verify-email/abcDEF123', '/verify-email'],
    ['/reset-password/secret-code', '/reset-password'],
    ['/register/success/cs_test_123', '/register/success'],
    ['/r/somebody', '/r'],
    ['/admin/brokers/view/0b7a8c52-0bde-4f0e-9a1d-2b0ad3d1d7f1', '/admin/brokers/view/:id'],
    ['//evil.test/x', null],
    ['learn', null],
    ['/a/../b', null],
    ['/<script>', null],
    ['/%E0%A4%A', null],
    ['/settings//accounts', '/settings/accounts'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePagePath(input)).toBe(expected);
  });
});

describe('summaryWindow', () => {
  it.each([
    ['2026-03-30', 30, '2026-03-01'],
    ['2026-01-05', 30, '2025-12-07'],
    ['2024-03-01', 2, '2024-02-29'],
  ])('%s over %d days starts %s', (today, days, from) => {
    expect(summaryWindow(today, days)).toEqual({ from, to: today });
  });
});
