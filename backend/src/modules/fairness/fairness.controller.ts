import { Controller, Get, Header, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DRAW_ID_PATTERN, normaliseDrawId, parseEitherDay, verifyChain, type PublicDraw } from '@campaign/domain';
import { Public } from '../../common/auth/decorators';
import { Failures } from '../../common/http/domain-errors';
import { FairnessService } from './fairness.service';

const FAIRNESS_FAILURES = new Failures({
  NoDay: { status: 404, message: 'No prize scheme was committed for this day.' },
  NoDraw: { status: 404, message: 'No draw has this id. Check the id in your SMS.' },
  NotRevealed: { status: 403, message: "A day's draws are published once the day has ended (Nepal time)." },
});

/** A day as the public may write it: YYYY-MM-DD in AD, or in BS (a year from 2070, or with ' BS'); undefined when it is no day. */
const dayOf = (text: string) => parseEitherDay(text);

/** Draws per page of a day's list (a verifier pages through with `after`). */
const PAGE = 500;

/**
 * An ended day's answers do not change: caches may keep them. Before the day ends an answer
 * changes at midnight (the seed appears), so it is checked again each time: a visitor who
 * checks at 00:01 must not be shown the answer of 23:59.
 */
const cacheFor = (res: Response, revealed: boolean) => res.setHeader('Cache-Control', revealed ? 'public, max-age=3600' : 'no-cache');

/**
 * A draw before its day has ended, as the public sees it: the customer's own prize, seed and
 * day, and nothing per branch, the day's draws' rule (docs/fairness.md): no branch, no
 * allocation tried (its odds, amount and the stock seen or left), no allocation id. The full
 * draw, which the verifier recomputes, is answered once the day is revealed.
 */
const beforeTheDayEnds = (draw: PublicDraw): PublicDraw => ({
  ...draw,
  branch_id: null,
  considered: [],
  result: { amount: draw.result.amount, allocation_id: null },
});

/**
 * The public proof of the draws (docs/fairness.md): every day's commitments, and once a day
 * has ended its seed, its scheme, its totals and its draws; one draw by the id the customer
 * got by SMS. Nothing here names a customer: a draw shows its record's number, never a name,
 * phone or slug.
 */
@ApiTags('fairness (public)')
@Controller('fairness')
export class FairnessController {
  constructor(private readonly fairness: FairnessService) {}

  @Get()
  @Public()
  @Header('Cache-Control', 'no-cache')
  @ApiOperation({ summary: "The latest days' commitments (seed hash, scheme hash, when made); seeds of ended days" })
  async days() {
    return { data: await this.fairness.publicDays() };
  }

  @Get('chain')
  @Public()
  @Header('Cache-Control', 'no-cache')
  @ApiOperation({ summary: 'Every commitment, oldest first, with its link to the one before and the results it seals; the head is the last' })
  async chain() {
    const links = await this.fairness.chain();
    return { data: links, head: verifyChain(links).head };
  }

  @Get('days/:day')
  @Public()
  @ApiOperation({ summary: "One day's commitment; once ended, its seed, scheme and prize totals against the scheme" })
  async day(@Param('day') day: string, @Res({ passthrough: true }) res: Response) {
    const ad = dayOf(day);
    const found = ad ? await this.fairness.publicDay(ad) : undefined;
    if (!found) throw FAIRNESS_FAILURES.fail('NoDay');
    cacheFor(res, found.revealed);
    return { data: { ...found, totals: found.revealed ? await this.fairness.dayTotals(found.day, FairnessService.allocationsOf({ allocation_set: found.allocation_set! })) : null } };
  }

  @Get('days/:day/draws')
  @Public()
  @ApiOperation({ summary: "An ended day's draws in the order of their claims, 500 a page after `after` (a draw's seq)" })
  async dayDraws(@Param('day') day: string, @Res({ passthrough: true }) res: Response, @Query('after') after?: string) {
    const ad = dayOf(day);
    const found = ad ? await this.fairness.publicDay(ad) : undefined;
    // Until the day ends every answer (a refusal too) is checked again each time: it changes at midnight.
    cacheFor(res, !!found?.revealed);
    if (!found) throw FAIRNESS_FAILURES.fail('NoDay');
    if (!found.revealed) throw FAIRNESS_FAILURES.fail('NotRevealed');
    const from = /^\d{1,12}$/.test(after ?? '') ? Number(after) : 0;
    const data = await this.fairness.publicDraws(found.day, from, PAGE);
    return { data, next_after: data.length === PAGE ? data[data.length - 1].seq : null };
  }

  @Get('draws/:id')
  @Public()
  @ApiOperation({ summary: 'One draw by its public id (from the prize SMS) with its day; the seed once the day has ended' })
  async draw(@Param('id') id: string, @Res({ passthrough: true }) res: Response) {
    const drawId = normaliseDrawId(id);
    const draw = DRAW_ID_PATTERN.test(drawId) ? await this.fairness.publicDraw(drawId) : undefined;
    if (!draw) throw FAIRNESS_FAILURES.fail('NoDraw');
    const day = await this.fairness.publicDay(draw.day);
    const revealed = !!day?.revealed;
    cacheFor(res, revealed);
    return { data: { draw: revealed ? draw : beforeTheDayEnds(draw), day } };
  }
}
