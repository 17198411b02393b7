// The log follows the conversation: the latest message is scrolled into view while the panel is on screen
// and when it is shown. While the panel waits closed (pre-rendered when the browser is idle) the log's height
// is not read, since reading it lays the page out inside the task that mounts the panel.
import { render, screen } from '@testing-library/react';
import React from 'react';
import { MessageList } from '../../src/features/chat/MessageList';
import type { ChatMessage } from '../../src/features/chat/state';

const CONTENT_HEIGHT = 640;
let heightReads: jest.SpyInstance;

beforeEach(() => {
  // jsdom lays nothing out: the log's content is given a height, and reading it is counted.
  heightReads = jest.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(CONTENT_HEIGHT);
});
afterEach(() => heightReads.mockRestore());

const message = (id: number, isBot: boolean): ChatMessage => ({
  id: String(id),
  text: `Message ${id}`,
  isBot,
  timestamp: 1_700_000_000_000 + id,
});

function renderLog(messages: ChatMessage[], shown: boolean) {
  const props = { label: 'Conversation', botName: 'Assistant', visitorName: 'You', onLinkClick: () => {} };
  const view = render(<MessageList {...props} messages={messages} shown={shown} />);
  return {
    log: screen.getByRole('log', { name: 'Conversation' }),
    update: (next: ChatMessage[], nextShown: boolean) =>
      view.rerender(<MessageList {...props} messages={next} shown={nextShown} />),
  };
}

it('shows the latest message when the log is on screen and a message arrives', () => {
  const { log, update } = renderLog([message(1, true)], true);
  expect(log.scrollTop).toBe(CONTENT_HEIGHT);

  log.scrollTop = 0;
  update([message(1, true), message(2, false)], true);
  expect(log.scrollTop).toBe(CONTENT_HEIGHT);
});

it('leaves the log alone while the panel is closed, and shows the latest message when it opens', () => {
  const { log, update } = renderLog([message(1, true)], false);
  update([message(1, true), message(2, false), message(3, true)], false);
  expect(heightReads).not.toHaveBeenCalled();
  expect(log.scrollTop).toBe(0);

  update([message(1, true), message(2, false), message(3, true)], true);
  expect(log.scrollTop).toBe(CONTENT_HEIGHT);
});
