/**
 * `tests/no-sleep`: a test never sleeps real time to wait for a state (decision X20). It waits for
 * the event or state that means it happened (test/support/wait.ts), or drives a fake clock where
 * time is the subject (test/support/fake-clock.ts, vi.useFakeTimers). Reported:
 *   - a call of `sleep(…)` or `delay(…)`, and Playwright's `waitForTimeout(…)`;
 *   - a promise resolved by a timer: `new Promise((r) => setTimeout(r, ms))`, or
 *     `setTimeout(() => r(), ms)`, where `r` is the promise's own resolve (a 0 ms yield is not a
 *     sleep);
 *   - the promise timers of `node:timers/promises`.
 * A timer that is a deadline (`setTimeout(() => resolve(false), ms)` raced against an event), or
 * that is the subject (a server told to hang), is not reported. The few tests that measure real
 * time on purpose say why, inline: `// eslint-disable-next-line tests/no-sleep -- <reason>`;
 * test/lint/no-sleeps.test.ts holds that allow-list.
 */

const MESSAGE =
  'A test does not sleep real time to wait for a state: wait for the event or state (test/support/wait.ts), or drive a fake clock where time is the subject (test/support/fake-clock.ts, vi.useFakeTimers).';

const isTimer = (callee) =>
  (callee.type === 'Identifier' && /settimeout$/i.test(callee.name)) ||
  (callee.type === 'MemberExpression' &&
    callee.property.type === 'Identifier' &&
    callee.property.name === 'setTimeout');

/** The name the callback resolves with: `r` itself, or `() => r()` / `() => { r(); }`. */
function resolvedName(callback) {
  if (!callback) return null;
  if (callback.type === 'Identifier') return callback.name;
  if (callback.type !== 'ArrowFunctionExpression' && callback.type !== 'FunctionExpression')
    return null;
  let body = callback.body;
  if (body.type === 'BlockStatement') {
    if (body.body.length !== 1 || body.body[0].type !== 'ExpressionStatement') return null;
    body = body.body[0].expression;
  }
  if (body.type !== 'CallExpression' || body.arguments.length > 0) return null;
  return body.callee.type === 'Identifier' ? body.callee.name : null;
}

/** The first parameter's name of each `new Promise(executor)` around `node`. */
function resolversAround(node) {
  const names = new Set();
  for (let at = node.parent; at; at = at.parent) {
    const executor = at.parent;
    if (
      (at.type === 'ArrowFunctionExpression' || at.type === 'FunctionExpression') &&
      executor?.type === 'NewExpression' &&
      executor.callee.type === 'Identifier' &&
      executor.callee.name === 'Promise' &&
      executor.arguments[0] === at &&
      at.params[0]?.type === 'Identifier'
    )
      names.add(at.params[0].name);
  }
  return names;
}

const isZero = (delay) => delay === undefined || (delay.type === 'Literal' && delay.value === 0);

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Tests wait for events or drive a fake clock; they do not sleep.' },
    schema: [],
    messages: { sleep: MESSAGE },
  },
  create(context) {
    const report = (node) => context.report({ node, messageId: 'sleep' });
    return {
      ImportDeclaration(node) {
        if (/^(node:)?timers\/promises$/.test(String(node.source.value))) report(node);
      },
      CallExpression(node) {
        const { callee } = node;
        if (callee.type === 'Identifier' && (callee.name === 'sleep' || callee.name === 'delay'))
          return report(node);
        if (
          callee.type === 'MemberExpression' &&
          callee.property.type === 'Identifier' &&
          callee.property.name === 'waitForTimeout'
        )
          return report(node);
        if (!isTimer(callee) || isZero(node.arguments[1])) return;
        const name = resolvedName(node.arguments[0]);
        if (name && resolversAround(node).has(name)) report(node);
      },
    };
  },
};
