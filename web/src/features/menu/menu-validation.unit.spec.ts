import { describe, expect, it } from 'vitest';
import { descriptionError, descriptionForForm, descriptionOrDash, nameError } from './menu-validation.js';

describe('menu and category name rules', () => {
  it('requires a name', () => expect(nameError('')).toBe('Input must not be null.'));
  it('refuses a leading space', () => expect(nameError(' Latte')).toBe('Input must not start with a space.'));
  it('takes letters only', () => {
    expect(nameError('Latte2')).toBe('Input must contain only letters.');
    expect(nameError('Iced-Tea')).toBe('Input must contain only letters.');
  });
  it('takes English and Thai letters and spaces', () => {
    expect(nameError('Iced Latte')).toBeNull();
    expect(nameError('ชาเย็น')).toBeNull();
  });
  it('takes at most 25 characters', () => {
    expect(nameError('a'.repeat(25))).toBeNull();
    expect(nameError('a'.repeat(26))).toBe('Input must be at most 25 characters.');
  });
});

describe('description', () => {
  it('takes at most 50 characters', () => {
    expect(descriptionError('x'.repeat(50))).toBeNull();
    expect(descriptionError('x'.repeat(51))).not.toBeNull();
  });
  it("is sent as '-' when empty and shown empty when '-'", () => {
    expect(descriptionOrDash('')).toBe('-');
    expect(descriptionOrDash('  ')).toBe('-');
    expect(descriptionOrDash('Strong')).toBe('Strong');
    expect(descriptionForForm('-')).toBe('');
  });
});
