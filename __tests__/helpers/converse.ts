// Drives the chat engine through a conversation in a test, checking after every turn that the state is one the
// widget could store and restore.
import { respond, type EngineResult } from '../../src/features/chat/engine';
import type { ChatScript } from '../../src/features/chat/script-schema';
import { isChatState, type ChatState } from '../../src/features/chat/state';

/** A function that sends each text in turn and returns the last turn's result, with a clock of its own. */
export function conversation(script: ChatScript) {
  let clock = 1_000;
  return (state: ChatState, ...texts: string[]): EngineResult => {
    let result: EngineResult = { state, replies: [] };
    for (const text of texts) {
      result = respond(result.state, text, script, (clock += 1));
      expect(isChatState(result.state)).toBe(true);
    }
    return result;
  };
}
