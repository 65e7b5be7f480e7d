import { describe, expect, it } from 'vitest';

import { addFiles, fileProblem, MAX_FILES_PER_MESSAGE } from './attachment-rules';

const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('the files a message may carry, checked before any upload', () => {
  it('takes PDF, PNG and JPEG up to 10 MB', () => {
    expect(fileProblem(file('a.pdf', 'application/pdf', 1))).toBeNull();
    expect(fileProblem(file('a.png', 'image/png', 10 * 1024 * 1024))).toBeNull();
    expect(fileProblem(file('a.jpg', 'image/jpeg', 500))).toBeNull();
  });

  it('names the file and the reason for anything else', () => {
    expect(fileProblem(file('notes.txt', 'text/plain', 10))).toBe('notes.txt is not a PDF, PNG or JPEG file. Send one of those.');
    expect(fileProblem(file('big.pdf', 'application/pdf', 10 * 1024 * 1024 + 1))).toBe('big.pdf is larger than 10 MB. Send a smaller file.');
    expect(fileProblem(file('empty.png', 'image/png', 0))).toBe('empty.png is empty. Choose the file again.');
    // A GIF renamed .png still says what it is in its type, and is refused.
    expect(fileProblem(file('anim.png', 'image/gif', 10))).toMatch(/not a PDF, PNG or JPEG/);
  });

  it('keeps the good files of a choice and at most ten in all', () => {
    const current = Array.from({ length: MAX_FILES_PER_MESSAGE - 1 }, (_, i) => file(`${i}.pdf`, 'application/pdf', 10));
    const result = addFiles(current, [file('bad.txt', 'text/plain', 1), file('tenth.pdf', 'application/pdf', 1), file('eleventh.pdf', 'application/pdf', 1)]);
    expect(result.files.map((f) => f.name)).toEqual([...current.map((f) => f.name), 'tenth.pdf']);
    expect(result.problems).toEqual([
      'bad.txt is not a PDF, PNG or JPEG file. Send one of those.',
      'A message can carry at most 10 files; eleventh.pdf was left out.',
    ]);
  });
});
