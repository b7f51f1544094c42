import type { Change, FieldChange, Plan } from './plan-config.js';

// A plan as text, Terraform-style: the CLI prints it, and so may anyone holding the JSON.

const SIGN = { create: '+', update: '~', delete: '-' } as const;
const show = (v: unknown) => (v === undefined ? 'null' : JSON.stringify(v));

function fieldLine(c: Change, f: FieldChange): string {
  if (f.secret) return `      ${f.field}: (secret ${c.action === 'create' ? 'set' : 'changed'})`;
  if (c.action === 'create') return `      ${f.field} = ${show(f.after)}`;
  return `      ${f.field}: ${show(f.before)} → ${show(f.after)}`;
}

export function renderPlan(plan: Plan): string {
  const s = plan.summary;
  const lines: string[] = [];
  if (plan.changes.length === 0) {
    lines.push('No changes: the configuration here matches the file.');
  } else {
    for (const c of plan.changes) {
      lines.push(`  ${SIGN[c.action]} ${c.kind} "${c.key}" (${c.name})`);
      for (const f of c.fields) lines.push(fieldLine(c, f));
    }
    lines.push('');
    lines.push(`Plan: ${s.create} to create, ${s.update} to update, ${s.delete} to delete.`);
  }
  lines.push(
    `${s.unchanged} unchanged; ${s.left_alone} not in the file and left alone${plan.prune ? ' (not created from a file)' : ' (use --prune to delete those a file created)'}.`,
  );
  lines.push(`Fingerprint: ${plan.fingerprint}`);
  return `${lines.join('\n')}\n`;
}
