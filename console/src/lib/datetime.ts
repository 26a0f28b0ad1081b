/**
 * The wire's `yyyy-MM-dd HH:mm:ss` and a `datetime-local` input's `yyyy-MM-ddTHH:mm[:ss]`, both
 * read as Asia/Shanghai wall-clock time.
 */
export function fromInputTime(value: string): string {
  if (!value) return '';
  const text = value.replace('T', ' ');
  return text.length === 16 ? `${text}:00` : text.slice(0, 19);
}

export function toInputTime(value: string | null | undefined): string {
  return value ? value.replace(' ', 'T').slice(0, 19) : '';
}
