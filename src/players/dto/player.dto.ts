import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { i18nMessage } from '../../common/validation.js';
import { LANGUAGES, type Language } from '../../i18n/languages.js';

export class PlayerDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'alice' }) username: string;
  @ApiProperty() guest: boolean;
  @ApiProperty({ description: "A bot account: plays bots only, on the bots' own leaderboard" }) bot: boolean;
  @ApiProperty({ example: 1500, description: 'Glicko-2 rating on the 1500 scale' }) rating: number;
  @ApiProperty({ example: 350, description: 'Rating deviation, grown for inactivity since the last rated game' }) rd: number;
  @ApiProperty({ example: 0.06 }) volatility: number;
  @ApiProperty({ description: 'true while RD ≥ 110' }) provisional: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'Leaderboard position, null when not on it' }) rank: number | null;
  @ApiProperty({ description: 'Rated games played' }) games: number;
  @ApiProperty() wins: number;
  @ApiProperty() draws: number;
  @ApiProperty() losses: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ description: 'A moderator marked the account as an engine user: it plays no ranked games and is not on the leaderboard' })
  engineUser: boolean;
  @ApiProperty({ description: 'A moderator closed the account' }) closed: boolean;
}

/** How far you are from the leaderboard (its rule: GET /leaderboard). */
export class LadderProgressDto {
  @ApiProperty({ description: 'On the leaderboard now' }) listed: boolean;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'About how many more rated games put you on the leaderboard (0 when listed; null for a guest, who must register), estimated from Glicko-2\'s RD decay',
  })
  gamesToGo: number | null;
}

/** Your own player: the public profile and your settings. */
export class MeDto extends PlayerDto {
  @ApiProperty({ type: LadderProgressDto }) ladder: LadderProgressDto;

  @ApiProperty({ description: 'You may use the moderator page (/mod) and routes' }) moderator: boolean;

  @ApiProperty({
    type: String,
    enum: LANGUAGES,
    nullable: true,
    description: "The language you chose for the pages and the API's messages (null: none chosen: the language cookie, then Accept-Language decide)",
  })
  language: Language | null;
}

/** `PATCH /api/players/me`: your settings (only the fields sent change). */
export class UpdateMeDto {
  @ApiPropertyOptional({ type: String, enum: LANGUAGES, nullable: true, description: 'Your language for the pages and the API\'s messages; null forgets the choice' })
  @IsOptional()
  @IsIn([...LANGUAGES, null], { message: i18nMessage('api.validation.language', { languages: LANGUAGES.join(', ') }) })
  language?: Language | null;
}

export class SeatPlayerDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() username: string;
  @ApiProperty() rating: number;
  @ApiProperty({ description: 'A guest: plays casual games only, has no rating to show' }) guest: boolean;
  @ApiProperty({ description: "true while the rating is provisional: RD ≥ 110 as of the player's last rated game" }) provisional: boolean;
}
