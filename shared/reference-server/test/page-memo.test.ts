import { PageMemo } from '../src/store/page-memo';

const bytes = (length: number) => new Uint8Array(length);

it('keeps pages up to its byte limit, keys counted, dropping the oldest first', () => {
  const memo = new PageMemo(100);
  const first = bytes(40);
  memo.keep('a', first);
  memo.keep('b', bytes(40));
  expect(memo.get('a')).toBe(first);
  memo.keep('c', bytes(20));
  expect([memo.get('a'), memo.get('b')?.byteLength, memo.get('c')?.byteLength]).toEqual([undefined, 40, 20]);
  memo.keep('c', bytes(30));
  expect([memo.get('b')?.byteLength, memo.get('c')?.byteLength]).toEqual([40, 30]);
  memo.keep('x'.repeat(95), bytes(1));
  expect([memo.get('b'), memo.get('c'), memo.get('x'.repeat(95))?.byteLength]).toEqual([undefined, undefined, 1]);
  memo.clear();
  expect(memo.get('x'.repeat(95))).toBeUndefined();
});

it('keeps nothing larger than its limit', () => {
  const memo = new PageMemo(10);
  memo.keep('a', bytes(20));
  expect(memo.get('a')).toBeUndefined();
});
