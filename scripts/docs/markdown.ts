/** Text for a Markdown table cell: pipes escaped, `<` escaped outside code spans, one line. */
export function cell(text: string): string {
  return text
    .replaceAll('\n', ' ')
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') ? part : part.replaceAll('<', '&lt;')))
    .join('')
    .replaceAll('|', '\\|');
}

/** Running text (not in a table): `<` escaped outside code spans, newlines start a paragraph. */
export function prose(text: string): string {
  return text
    .split('\n')
    .map((line) => cell(line).replaceAll('\\|', '|'))
    .join('\n\n');
}
