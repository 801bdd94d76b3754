import { Module } from '@nestjs/common';
import { AccountLinksService } from './account-links.service.js';
import { AccountSightingsRepository } from './account-sightings.repository.js';

/** Accounts linked by a shared address or device; no dependency on games, so auth can use it. */
@Module({ providers: [AccountLinksService, AccountSightingsRepository], exports: [AccountLinksService] })
export class AccountLinksModule {}
