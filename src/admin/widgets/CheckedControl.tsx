// A built-in Decap control (string, text, number, select, boolean, relation, markdown) that also runs the field's
// zod schema on its value: Decap asks every control `isValid()` before saving, so the editor refuses what the
// content check refuses, in the content check's words with the field's label, under the field.
import { Component, type ComponentType } from 'react';
import type { ZodType } from 'zod';
import { plainValue } from './plain-value';
import { editorField, fieldRefusals } from '../field-names';

export type ControlProps = {
  value: unknown;
  field: { get(key: string): unknown };
  onChange(value: unknown): void;
  forID: string;
  classNameWrapper: string;
  /** Decap's: re-runs this field's validation (after a check that finished later, such as an image's file). */
  validate?: () => void;
  hasActiveStyle?: boolean;
};

export type Validity = true | { error: { type: 'CUSTOM'; message: string } } | Promise<void>;

/** The instance of the wrapped control, for the parts of it Decap calls directly. */
export type InnerControl = {
  shouldComponentUpdate?: (next: ControlProps, nextState: unknown, nextContext: unknown) => boolean;
  focus?: (path?: string) => void;
};

export const invalid = (message: string): Validity => ({ error: { type: 'CUSTOM', message } });

/** What the field's schema refuses in `value` first, as the content check says it, if anything. */
export function schemaMessage(
  checks: Map<string, ZodType>,
  field: ControlProps['field'],
  value: unknown,
): string | undefined {
  const key = field.get('check') as string;
  const schema = checks.get(key);
  if (!schema) throw new Error(`no schema for the editor field ${key}`);
  return fieldRefusals(schema, editorField(field), plainValue(value))[0];
}

/**
 * The base of the checked controls: renders the built-in control and passes Decap's calls on to it. Decap asks the
 * outer control whether to re-render, so the built-in control's own answer is used (the image control re-renders
 * when the media library hands it a file), else Decap's default: when the value or the styling changes.
 */
export abstract class WrappedControl<P extends ControlProps = ControlProps> extends Component<P> {
  inner: InnerControl | null = null;

  protected setInner = (instance: InnerControl | null) => {
    this.inner = instance;
  };

  shouldComponentUpdate(next: P): boolean {
    const own = this.inner?.shouldComponentUpdate;
    if (own) return own.call(this.inner, next, null, null);
    return (
      this.props.value !== next.value ||
      this.props.classNameWrapper !== next.classNameWrapper ||
      this.props.hasActiveStyle !== next.hasActiveStyle
    );
  }

  focus = (path?: string) => this.inner?.focus?.(path);

  /** The built-in control with this control's props (or `props`), its instance kept in `inner`. */
  protected renderInner(Inner: ComponentType<ControlProps>, props: P = this.props) {
    const Control = Inner as ComponentType<P & { ref: (instance: InnerControl | null) => void }>;
    return <Control {...props} ref={this.setInner} />;
  }
}

export function checkedControl(Inner: ComponentType<ControlProps>, checks: Map<string, ZodType>) {
  return class CheckedControl extends WrappedControl {
    isValid = (): Validity => {
      const message = schemaMessage(checks, this.props.field, this.props.value);
      return message === undefined ? true : invalid(message);
    };

    render() {
      return this.renderInner(Inner);
    }
  };
}
