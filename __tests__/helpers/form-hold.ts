// What a form control holds after a visitor pastes a value into it, as the browser (and jsdom) keeps it: a
// one-line <input> drops line breaks, a <textarea> keeps them as \n, and neither holds more than maxLength
// UTF-16 units. The hostile-input model test applies it to the whole corpus; the rendered sample checks that
// the real controls hold exactly this.
export function heldInControl(value: string, control: { maxLength: number; multiline: boolean }): string {
  const lines = control.multiline ? value.replace(/\r\n?/g, '\n') : value.replace(/[\r\n]/g, '');
  return lines.slice(0, control.maxLength);
}
