import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../../common/auth/decorators';
import { GeographyService } from './geography.service';

@ApiTags('geography')
@Controller('geography')
export class GeographyController {
  constructor(private readonly geography: GeographyService) {}

  /** `{ data: [{ name, name_ne, districts: [{ name, name_ne, cities: [{ name, name_ne }] }] }] }`, cacheable for a day. */
  @Public()
  @Get()
  @ApiOperation({ summary: "Nepal's provinces (states), districts and local levels (cities)" })
  async tree(@Res() res: Response) {
    const { body, etag } = await this.geography.get();
    res.setHeader('Cache-Control', 'public, max-age=86400');
    // Express answers 304 itself when If-None-Match carries this ETag.
    res.setHeader('ETag', etag);
    res.type('application/json').send(body);
  }
}
