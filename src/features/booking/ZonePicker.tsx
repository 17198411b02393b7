// The visitor's time zone: an editable combobox with a listbox popup and list autocomplete, as the WAI-ARIA
// Authoring Practices describe it (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/). The box shows the
// chosen zone as people name it ("Perth (GMT+8)"); typing a city, state, country or abbreviation filters the
// list; Down and Up open it and move through it (focus stays in the box, the option is aria-activedescendant),
// Home and End go to the first and last option once one is active, Enter picks, Escape closes the list and puts
// back the chosen zone, as does leaving the box. Opening the list or typing without picking changes nothing.
//
// The zone table and search (zone-list.ts) are fetched when the visitor first reaches the box, and the list's
// ~420 labels, each needing an Intl formatter of its own (~1 ms on a slow phone), are rendered a batch per task.
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { BookingCopy } from './copy-schema';
import { ZoneCombo, ZoneField, ZoneHint, ZoneInput, ZoneListbox, ZoneStatus } from './zone-styles';
import { detectTimeZone, zoneChoiceLabel } from './time-format';
import type { ZoneChoice, ZoneSection } from './zone-list';

type ZoneList = typeof import('./zone-list');
let zoneListModule: Promise<ZoneList> | undefined;
/** The zone table's code, fetched once per page. */
const loadZoneList = () => (zoneListModule ??= import('./zone-list'));

/** Options rendered at first; the others follow, this many per task, while the list is open. */
export const ZONE_BATCH = 40;

export type ZonePickerProps = {
  zone: string;
  teamZone: string;
  copy: BookingCopy['picker'];
  onZoneChange: (zone: string) => void;
};

export function ZonePicker({ zone, teamZone, copy, onZoneChange }: ZonePickerProps) {
  const id = useId();
  const ids = { label: `${id}label`, input: `${id}input`, list: `${id}list`, hint: `${id}hint` };
  const optionId = (index: number) => `${id}option${index}`;
  const [device] = useState(detectTimeZone);
  const [zoneList, setZoneList] = useState<ZoneList>();
  const [now, setNow] = useState(() => new Date());
  const [open, setOpen] = useState(false);
  /** What the visitor has typed; null while the box shows the chosen zone. */
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const [rendered, setRendered] = useState(ZONE_BATCH);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const keepSelection = useRef(false);

  const load = useCallback(() => {
    if (!zoneList) void loadZoneList().then(setZoneList);
  }, [zoneList]);
  const choices = useMemo(() => zoneList?.zoneChoices(undefined, [device, teamZone]), [zoneList, device, teamZone]);
  const sections: ZoneSection[] = useMemo(
    () =>
      zoneList && choices ? zoneList.zoneSections(choices, { query: query ?? '', device, team: teamZone, now }) : [],
    [zoneList, choices, query, device, teamZone, now],
  );
  const options = useMemo(() => sections.flatMap((section) => section.zones), [sections]);
  const currentKey = zoneList?.zoneKey(zone);
  const expanded = open && options.length > 0;

  // The rest of the list, a batch per task, so that opening it is never one long task.
  useEffect(() => {
    if (!expanded || rendered >= options.length) return;
    const timer = setTimeout(() => setRendered((count) => count + ZONE_BATCH), 0);
    return () => clearTimeout(timer);
  }, [expanded, rendered, options.length]);

  // Once a zone is chosen or the list closed, its name is selected, so that typing replaces it.
  useEffect(() => {
    if (query === null && document.activeElement === inputRef.current) inputRef.current?.select();
  }, [query, zone]);

  // The active option scrolled into the list's view (the list only, not the page).
  useEffect(() => {
    const list = listRef.current;
    const option = active >= 0 ? list?.querySelector<HTMLElement>(`[data-index="${active}"]`) : null;
    if (!list || !option) return;
    if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
    else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
  }, [active, expanded]);

  const show = () => {
    load();
    if (!open) {
      setNow(new Date());
      setRendered(ZONE_BATCH);
    }
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
    setQuery(null);
  };
  const moveTo = (index: number) => {
    setActive(index);
    setRendered((count) => Math.max(count, index + 1));
  };
  const choose = (choice: ZoneChoice) => {
    close();
    onZoneChange(choice.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    keepSelection.current = false;
    const last = options.length - 1;
    const current = options.findIndex((choice) => choice.key === currentKey);
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        if (event.altKey) return down ? show() : close();
        if (!expanded) {
          show();
          if (last >= 0) moveTo(current >= 0 && query === null ? current : down ? 0 : last);
        } else if (down) moveTo(active >= last ? 0 : active + 1);
        else moveTo(active <= 0 ? last : active - 1);
        return;
      }
      case 'Home':
      case 'End':
        if (!expanded || active < 0) return;
        event.preventDefault();
        moveTo(event.key === 'Home' ? 0 : last);
        return;
      case 'Enter':
        if (!open) return;
        event.preventDefault();
        if (expanded && active >= 0) choose(options[active]);
        return;
      case 'Escape':
        if (!open && query === null) return;
        event.preventDefault();
        event.stopPropagation();
        close();
        return;
    }
  };

  const groupLabels = { device: copy.zoneDeviceGroup, team: copy.zoneTeamGroup, all: copy.zoneAllGroup };
  const renderOption = (choice: ZoneChoice, index: number, position: number, size: number) => (
    <div
      key={choice.key}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      aria-posinset={position + 1}
      aria-setsize={size}
      data-index={index}
      data-current={choice.key === currentKey || undefined}
    >
      {zoneChoiceLabel(choice.id, now)}
    </div>
  );
  let start = 0;
  const items: ReactNode[] = [];
  for (const section of sections) {
    const first = start;
    start += section.zones.length;
    const shown = section.zones
      .slice(0, Math.max(0, rendered - first))
      .map((choice, position) => renderOption(choice, first + position, position, section.zones.length));
    if (section.kind === 'matches') items.push(...shown);
    else if (shown.length > 0)
      items.push(
        <div key={section.kind} role="group" aria-labelledby={`${id}${section.kind}`}>
          <div id={`${id}${section.kind}`} data-group-label>
            {groupLabels[section.kind]}
          </div>
          {shown}
        </div>,
      );
  }

  const status = !open ? '' : !zoneList ? copy.zoneLoading : query && options.length === 0 ? copy.zoneNoMatch : '';

  return (
    <ZoneField>
      <label id={ids.label} htmlFor={ids.input}>
        {copy.changeZoneLabel}
      </label>
      <ZoneHint id={ids.hint}>{copy.zoneHint}</ZoneHint>
      <ZoneCombo>
        <ZoneInput
          ref={inputRef}
          id={ids.input}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={ids.list}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={ids.hint}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          value={query ?? zoneChoiceLabel(zone, now)}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(-1);
            show();
          }}
          onKeyDown={onKeyDown}
          onFocus={(event) => {
            load();
            // Typing replaces the chosen zone's name rather than adding to it.
            event.currentTarget.select();
            keepSelection.current = true;
          }}
          onMouseUp={(event: MouseEvent<HTMLInputElement>) => {
            if (keepSelection.current) event.preventDefault();
            keepSelection.current = false;
          }}
          onClick={show}
          onBlur={close}
        />
        <ZoneListbox
          ref={listRef}
          id={ids.list}
          role="listbox"
          aria-labelledby={ids.label}
          hidden={!expanded}
          // A press on the list keeps focus in the box, so that choosing with the pointer does not close it first.
          onMouseDown={(event) => event.preventDefault()}
          // Keys are the box's (the option is its aria-activedescendant); a click or tap picks the option under it.
          onClick={(event) => {
            const option = (event.target as HTMLElement).closest<HTMLElement>('[role="option"]');
            if (option) choose(options[Number(option.dataset.index)]);
          }}
        >
          {expanded && items}
        </ZoneListbox>
      </ZoneCombo>
      {/* A live region, not role=status: the picker's own notice is the page's status. */}
      <ZoneStatus aria-live="polite">{status}</ZoneStatus>
    </ZoneField>
  );
}
