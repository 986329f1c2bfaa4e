import { describe, expect, it } from 'vitest';
import { createJobRunner } from './jobs';

describe('the job runner', () => {
  it('starts a job after the current tick, logs its failure by name and idles once all ended', async () => {
    const logged: { obj: object; msg: string }[] = [];
    const jobs = createJobRunner({ error: (obj, msg) => logged.push({ obj, msg }) });
    const ran: string[] = [];
    jobs.run('mail', async () => void ran.push('mail'));
    jobs.run('broken', async () => {
      throw new Error('database down');
    });
    expect(ran).toEqual([]);
    await jobs.idle();
    expect(ran).toEqual(['mail']);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ obj: { job: 'broken' }, msg: 'background job failed' });
  });
});
