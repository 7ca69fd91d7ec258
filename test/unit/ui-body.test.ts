import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  BodyLimitError,
  base64ToBytes,
  bodyKind,
  boundaryOf,
  decodeUtf8,
  formPairs,
  hexRows,
  jsonTokens,
  multipartParts,
  parseJson,
  prettyJsonText,
  rawRequest,
  type Token,
  xmlLines,
} from '../../ui/src/lib/body/parse.js';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Each line as the text it shows (indent included). */
function lineTexts(lines: Token[][]): string[] {
  return lines.map((line) => line.map((token) => token.text).join(''));
}

describe('base64ToBytes', () => {
  it('decodes every byte value, matching Buffer', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    assert.deepEqual(base64ToBytes(Buffer.from(all).toString('base64')), all);
    assert.deepEqual(base64ToBytes('AP8='), new Uint8Array([0x00, 0xff]));
    assert.deepEqual(base64ToBytes(''), new Uint8Array(0));
  });

  it('throws on text that is not base64', () => {
    assert.throws(() => base64ToBytes('not*base64'));
  });
});

describe('bodyKind', () => {
  it('calls an empty body empty, whatever its content type says', () => {
    assert.equal(bodyKind('application/json', '', 0), 'empty');
    assert.equal(bodyKind(null, null, 0), 'empty');
  });

  it('calls multipart only a multipart type that names its boundary', () => {
    assert.equal(bodyKind('multipart/form-data; boundary=xyz', null, 10), 'multipart');
    assert.equal(bodyKind('multipart/form-data', 'plain words', 11), 'text');
  });

  it('calls a body that is not UTF-8 text binary', () => {
    assert.equal(bodyKind('application/json', null, 3), 'binary');
    assert.equal(bodyKind(null, null, 3), 'binary');
  });

  it('trusts a JSON content type only when the text parses', () => {
    assert.equal(bodyKind('application/json', '{"a":1}', 7), 'json');
    assert.equal(bodyKind('APPLICATION/JSON; charset=utf-8', '[1]', 3), 'json');
    assert.equal(bodyKind('application/vnd.api+json', 'null', 4), 'json');
    assert.equal(bodyKind('application/json', 'not json', 8), 'text');
    assert.equal(bodyKind('application/jsonp', '{"a":1}', 7), 'json', 'recognised by its content, not its type');
    assert.equal(bodyKind('application/jsonp', 'cb({})', 6), 'text');
  });

  it('recognises form and XML content types', () => {
    assert.equal(bodyKind('application/x-www-form-urlencoded', 'a=1', 3), 'form');
    assert.equal(bodyKind('application/xml', 'whatever', 8), 'xml');
    assert.equal(bodyKind('application/atom+xml', '<feed/>', 7), 'xml');
    assert.equal(bodyKind('text/xml; charset=utf-8', '<a/>', 4), 'xml');
  });

  it('without a telling content type, looks at the text', () => {
    assert.equal(bodyKind(null, '  {"a":[1,2]}', 13), 'json');
    assert.equal(bodyKind('text/plain', '\n[true]', 7), 'json');
    assert.equal(bodyKind(null, '{not json', 9), 'text');
    assert.equal(bodyKind(null, '<?xml version="1.0"?><a/>', 25), 'xml');
    assert.equal(bodyKind(null, '<a/>', 4), 'text');
    assert.equal(bodyKind(null, 'hello', 5), 'text');
  });
});

describe('parseJson', () => {
  it('tells JSON null apart from text that does not parse', () => {
    assert.equal(parseJson('null'), null);
    assert.equal(parseJson('{'), undefined);
    assert.equal(parseJson(''), undefined);
    assert.deepEqual(parseJson('{"a":[1]}'), { a: [1] });
  });
});

describe('prettyJsonText', () => {
  it('indents like JSON.stringify with two spaces, empty containers on one line', () => {
    const values = [{ a: 1, b: [1, 2], c: {}, d: [], e: [[{}]], f: { g: { h: null } } }, [], {}, 'x', 3, [true, false]];
    for (const value of values)
      assert.equal(prettyJsonText(JSON.stringify(value)), JSON.stringify(value, null, 2), JSON.stringify(value));
  });

  it('keeps every scalar in its source form, however JSON.parse would read it', () => {
    const text = '{"big":12345678901234567890,"exp":1.0e+10,"neg":-0.50}';
    assert.equal(prettyJsonText(text), '{\n  "big": 12345678901234567890,\n  "exp": 1.0e+10,\n  "neg": -0.50\n}');
  });

  it('leaves strings alone: their commas, braces, colons, escaped quotes and spaces', () => {
    const text = '{ "k" : "a, {b}: \\"c\\" [d]  " }';
    assert.equal(prettyJsonText(text), '{\n  "k": "a, {b}: \\"c\\" [d]  "\n}');
    assert.deepEqual(JSON.parse(prettyJsonText(text)), JSON.parse(text));
  });

  it('drops whitespace between tokens', () => {
    assert.equal(prettyJsonText(' [ 1 ,\n\t2 ] '), '[\n  1,\n  2\n]');
    assert.equal(prettyJsonText('{ }'), '{}');
    assert.equal(prettyJsonText('[\n]'), '[]');
  });

  it('does not throw on unbalanced input, and never indents below zero', () => {
    assert.equal(prettyJsonText(']]'), '\n]\n]');
    assert.equal(prettyJsonText('{"a":'), '{\n  "a": ');
    assert.equal(prettyJsonText('"unterminated'), '"unterminated');
  });
});

describe('jsonTokens', () => {
  it('covers the pretty text exactly: the tokens joined are the pretty-printed JSON', () => {
    const text = '{"a":[true,null,-1.5e3,"s"],"b":{"c":"d"},"e":12345678901234567890}';
    assert.equal(
      jsonTokens(text)
        .map((token) => token.text)
        .join(''),
      prettyJsonText(text),
    );
  });

  it('tells keys from strings and keeps numbers as written', () => {
    const tokens = jsonTokens('{"a":[true,null,-1.5e3,"s"]}').filter((token) => token.kind !== 'space');
    assert.deepEqual(tokens, [
      { kind: 'punct', text: '{' },
      { kind: 'key', text: '"a"' },
      { kind: 'punct', text: ':' },
      { kind: 'punct', text: '[' },
      { kind: 'boolean', text: 'true' },
      { kind: 'punct', text: ',' },
      { kind: 'null', text: 'null' },
      { kind: 'punct', text: ',' },
      { kind: 'number', text: '-1.5e3' },
      { kind: 'punct', text: ',' },
      { kind: 'string', text: '"s"' },
      { kind: 'punct', text: ']' },
      { kind: 'punct', text: '}' },
    ]);
  });

  it('a string with an escaped quote stays one token', () => {
    const strings = jsonTokens('["say \\"hi\\""]').filter((token) => token.kind === 'string');
    assert.deepEqual(strings, [{ kind: 'string', text: '"say \\"hi\\""' }]);
  });

  it('keeps text it cannot tokenise as plain text instead of losing it', () => {
    assert.deepEqual(jsonTokens('abc'), [{ kind: 'space', text: 'abc' }]);
    assert.equal(
      jsonTokens('[1, oops]')
        .map((token) => token.text)
        .join(''),
      prettyJsonText('[1, oops]'),
    );
  });
});

describe('formatter limits', () => {
  const limits = { maxDepth: 3, maxTokens: 20, maxChars: 1_000 };

  it('formats JSON nested 100,000 deep only up to the depth limit, without recursion or a huge string', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    assert.throws(
      () => prettyJsonText(deep),
      (err: unknown) => err instanceof BodyLimitError && /deeper than 256/.test(err.message),
    );
    assert.throws(() => jsonTokens(deep), BodyLimitError);
  });

  it('keeps JSON within the limits as before and stops at each declared limit', () => {
    assert.equal(prettyJsonText('[[[1]]]', limits), '[\n  [\n    [\n      1\n    ]\n  ]\n]');
    assert.throws(() => prettyJsonText('[[[[1]]]]', limits), /nested deeper than 3 levels/);
    assert.throws(() => jsonTokens(`[${'1,'.repeat(20)}1]`, limits), /more than 20 tokens/);
    assert.throws(() => prettyJsonText(`["${'x'.repeat(2_000)}", 1]`, limits), /longer than 1000 characters/);
  });

  it('stops XML past its depth and part limits, and never expands entities', () => {
    const deep = `${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}`;
    assert.throws(() => xmlLines(deep), /nested deeper than 256 levels/);
    assert.throws(() => xmlLines('<a><b><c><d><e/></d></c></b></a>', limits), /nested deeper than 3 levels/);
    assert.throws(() => xmlLines('<a/>'.repeat(30), limits), /more than 20 tags and texts/);
    const bomb = '<!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><l>&b;&b;</l>';
    assert.ok(lineTexts(xmlLines(bomb)).some((line) => line.includes('&b;&b;')));
  });
});

describe('xmlLines', () => {
  it('puts each element on its line, indented by depth, with text elements kept on one line', () => {
    const lines = xmlLines('<?xml version="1.0"?><a><b>text</b><c/><d><e>1</e></d></a>');
    assert.deepEqual(lineTexts(lines), [
      '<?xml version="1.0"?>',
      '<a>',
      '  <b>text</b>',
      '  <c/>',
      '  <d>',
      '    <e>1</e>',
      '  </d>',
      '</a>',
    ]);
  });

  it('tokenises attributes in any quoting, and attributes without a value', () => {
    const [line] = xmlLines(`<a x="1" y='2' z=3 flag>`);
    assert.deepEqual(
      line?.filter((token) => token.kind !== 'text'),
      [
        { kind: 'tag', text: '<a' },
        { kind: 'attr', text: 'x' },
        { kind: 'value', text: '"1"' },
        { kind: 'attr', text: 'y' },
        { kind: 'value', text: "'2'" },
        { kind: 'attr', text: 'z' },
        { kind: 'value', text: '3' },
        { kind: 'attr', text: 'flag' },
        { kind: 'tag', text: '>' },
      ],
    );
    assert.equal(lineTexts(xmlLines(`<a x="1" y='2' z=3 flag>`))[0], `<a x="1" y='2' z=3 flag>`);
  });

  it('marks comments and CDATA as comments, declarations as declarations, without looking inside', () => {
    const lines = xmlLines('<!DOCTYPE a><a><!-- <b> --><![CDATA[<c>&]]></a>');
    assert.deepEqual(
      lines.map((line) => line.filter((token) => token.text.trim() !== '').map((token) => token.kind)),
      [['decl'], ['tag', 'tag'], ['comment'], ['comment'], ['tag']],
    );
    assert.deepEqual(lineTexts(lines), ['<!DOCTYPE a>', '<a>', '  <!-- <b> -->', '  <![CDATA[<c>&]]>', '</a>']);
  });

  it('trims text between elements and drops whitespace-only text', () => {
    assert.deepEqual(lineTexts(xmlLines('<a>\n  <b>  padded  </b>\n  <c/>\n</a>\n')), [
      '<a>',
      '  <b>padded</b>',
      '  <c/>',
      '</a>',
    ]);
  });

  it('shows malformed input instead of failing: stray closing tags, an unclosed tag', () => {
    assert.deepEqual(lineTexts(xmlLines('</a></a>')), ['</a>', '</a>']);
    assert.deepEqual(lineTexts(xmlLines('<a><b')), ['<a>', '  b']);
    assert.deepEqual(xmlLines(''), []);
  });
});

describe('formPairs', () => {
  it('decodes names and values, "+" as a space, in order with duplicates', () => {
    assert.deepEqual(formPairs('a=1&b=x+y&a=%26%3D%20'), [
      ['a', '1'],
      ['b', 'x y'],
      ['a', '&= '],
    ]);
  });

  it('reads a name without "=" as an empty value and keeps "=" inside a value', () => {
    assert.deepEqual(formPairs('flag&k=1=2&=v'), [
      ['flag', ''],
      ['k', '1=2'],
      ['', 'v'],
    ]);
  });

  it('skips empty parts and reads an empty string as no pairs', () => {
    assert.deepEqual(formPairs(''), []);
    assert.deepEqual(formPairs('&&a=1&'), [['a', '1']]);
  });

  it('keeps a part with a bad escape raw instead of throwing', () => {
    assert.deepEqual(formPairs('%zz=%E0%A4%A&ok=%C3%A9'), [
      ['%zz', '%E0%A4%A'],
      ['ok', 'é'],
    ]);
  });

  it('round-trips what URLSearchParams writes', () => {
    const pairs: [string, string][] = [
      ['name', 'Ada Lovelace'],
      ['sym', '&=+?#%'],
      ['uni', 'ü✓'],
      ['name', ''],
    ];
    assert.deepEqual(formPairs(new URLSearchParams(pairs).toString()), pairs);
  });
});

describe('boundaryOf', () => {
  it('reads a quoted or bare boundary, in any case, before other parameters', () => {
    assert.equal(boundaryOf('multipart/form-data; boundary=abc123'), 'abc123');
    assert.equal(boundaryOf('multipart/form-data; boundary="a b;c"; charset=utf-8'), 'a b;c');
    assert.equal(boundaryOf('multipart/mixed; Boundary=XyZ; charset=utf-8'), 'XyZ');
  });

  it('is null without a boundary', () => {
    assert.equal(boundaryOf('multipart/form-data'), null);
    assert.equal(boundaryOf(null), null);
  });
});

describe('decodeUtf8', () => {
  it('decodes valid UTF-8 and refuses invalid bytes', () => {
    assert.equal(decodeUtf8(bytes('héllo ✓')), 'héllo ✓');
    assert.equal(decodeUtf8(new Uint8Array(0)), '');
    assert.equal(decodeUtf8(new Uint8Array([0x68, 0xff, 0x69])), null);
    assert.equal(decodeUtf8(new Uint8Array([0xe2, 0x9c])), null);
  });
});

describe('multipartParts', () => {
  const type = 'multipart/form-data; boundary=XyZ';

  it('reads each part: headers, name, filename, content type, bytes and text', () => {
    const file = new Uint8Array([0xff, 0x00, 0x0d, 0x0a, 0x2d, 0x2d, 0x01]);
    const body = Buffer.concat([
      Buffer.from('preamble ignored\r\n--XyZ\r\n'),
      Buffer.from('Content-Disposition: form-data; name="title"\r\n\r\nHello\r\nworld\r\n--XyZ\r\n'),
      Buffer.from('Content-Disposition: form-data; name="upload"; filename="a.bin"\r\n'),
      Buffer.from('Content-Type: application/octet-stream\r\n\r\n'),
      Buffer.from(file),
      Buffer.from('\r\n--XyZ--\r\nepilogue ignored'),
    ]);
    const parts = multipartParts(new Uint8Array(body), type);
    assert.ok(parts !== null);
    assert.equal(parts.length, 2);
    const [title, upload] = parts;
    assert.deepEqual(title?.headers, [['Content-Disposition', 'form-data; name="title"']]);
    assert.equal(title?.name, 'title');
    assert.equal(title?.filename, null);
    assert.equal(title?.contentType, null);
    assert.equal(title?.text, 'Hello\r\nworld');
    assert.equal(upload?.name, 'upload');
    assert.equal(upload?.filename, 'a.bin');
    assert.equal(upload?.contentType, 'application/octet-stream');
    assert.deepEqual(upload?.bytes, file);
    assert.equal(upload?.text, null);
  });

  it('accepts bare LF line endings', () => {
    const parts = multipartParts(bytes('--XyZ\nContent-Disposition: form-data; name="a"\n\none\n--XyZ--\n'), type);
    assert.deepEqual(
      parts?.map((part) => [part.name, part.text]),
      [['a', 'one']],
    );
  });

  it('reads a part without headers as all body', () => {
    const parts = multipartParts(bytes('--XyZ\r\njust bytes\r\n--XyZ--'), type);
    assert.deepEqual(parts?.[0]?.headers, []);
    assert.equal(parts?.[0]?.text, 'just bytes');
    assert.equal(parts?.[0]?.name, null);
  });

  it('keeps the last part of a body cut short before its closing delimiter', () => {
    const parts = multipartParts(bytes('--XyZ\r\nContent-Type: text/plain\r\n\r\ncut off'), type);
    assert.deepEqual(
      parts?.map((part) => [part.contentType, part.text]),
      [['text/plain', 'cut off']],
    );
  });

  it('is null when the content type has no boundary or the body does not hold it', () => {
    assert.equal(multipartParts(bytes('--XyZ\r\n\r\nx\r\n--XyZ--'), 'multipart/form-data'), null);
    assert.equal(multipartParts(bytes('no delimiter here'), type), null);
    assert.equal(multipartParts(bytes('--XyZ\r\nx'), null), null);
  });

  it('reads a body that is only the closing delimiter as no parts', () => {
    assert.deepEqual(multipartParts(bytes('--XyZ--\r\n'), type), []);
  });
});

describe('hexRows', () => {
  it('is empty for no bytes', () => {
    assert.deepEqual(hexRows(new Uint8Array(0)), []);
  });

  it('writes 16 bytes a row, two groups of eight, printable ASCII or a dot', () => {
    const rows = hexRows(Uint8Array.from({ length: 16 }, (_, i) => 0x3a + i * 4));
    assert.deepEqual(rows, [
      {
        offset: '00000000',
        hex: '3a 3e 42 46 4a 4e 52 56  5a 5e 62 66 6a 6e 72 76',
        ascii: ':>BFJNRVZ^bfjnrv',
      },
    ]);
  });

  it('pads no trailing space on a short row and shows control and high bytes as dots', () => {
    assert.deepEqual(hexRows(new Uint8Array([0x41, 0x00, 0x7f, 0x80, 0x20, 0x7e])), [
      { offset: '00000000', hex: '41 00 7f 80 20 7e', ascii: 'A... ~' },
    ]);
  });

  it('starts a row every 16 bytes, with a hex offset', () => {
    const rows = hexRows(new Uint8Array(33).fill(0x61));
    assert.deepEqual(
      rows.map((row) => [row.offset, row.ascii]),
      [
        ['00000000', 'a'.repeat(16)],
        ['00000010', 'a'.repeat(16)],
        ['00000020', 'a'],
      ],
    );
    assert.equal(rows[2]?.hex, '61');
  });

  it('stops at the limit, in the middle of a row if need be', () => {
    const rows = hexRows(new Uint8Array(40).fill(0x62), 20);
    assert.deepEqual(
      rows.map((row) => row.ascii),
      ['b'.repeat(16), 'bbbb'],
    );
    assert.equal(hexRows(new Uint8Array(4), 100).length, 1);
    assert.deepEqual(hexRows(new Uint8Array(4), 0), []);
  });
});

describe('rawRequest', () => {
  const base = {
    method: 'POST',
    path: `/i/inb_x/hook`,
    query: '',
    headers: [
      ['Content-Type', 'text/plain'],
      ['X-Dup', '1'],
      ['X-Dup', '2'],
    ] as const,
    bodyText: 'hello',
    size: 5,
  };

  it('writes the request line, every header in order, a blank line and the body', () => {
    assert.equal(
      rawRequest(base),
      'POST /i/inb_x/hook HTTP/1.1\nContent-Type: text/plain\nX-Dup: 1\nX-Dup: 2\n\nhello',
    );
  });

  it('adds the query string only when there is one', () => {
    assert.match(rawRequest({ ...base, query: 'a=1&b' }), /^POST \/i\/inb_x\/hook\?a=1&b HTTP\/1\.1\n/);
  });

  it('ends with the blank line for an empty body', () => {
    assert.equal(rawRequest({ ...base, headers: [], bodyText: '', size: 0 }), 'POST /i/inb_x/hook HTTP/1.1\n\n');
  });

  it('writes a placeholder naming the size for a binary body', () => {
    assert.equal(
      rawRequest({ ...base, headers: [], bodyText: null, size: 1234 }),
      'POST /i/inb_x/hook HTTP/1.1\n\n[1234 bytes of binary data: see the Hex view or download the body]',
    );
  });
});
