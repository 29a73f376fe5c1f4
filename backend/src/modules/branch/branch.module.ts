import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GeographyModule } from '../geography/geography.module';
import { BranchController } from './branch.controller';
import { BranchEntity } from './branch.entity';
import { BranchService } from './branch.service';

/** Branches (dealers). Other domains import it for the entity and the branch checks. */
@Module({
  imports: [TypeOrmModule.forFeature([BranchEntity]), GeographyModule],
  controllers: [BranchController],
  providers: [BranchService],
  exports: [TypeOrmModule, BranchService],
})
export class BranchModule {}
