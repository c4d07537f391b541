import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A discount code: a share of the price or a fixed number of taka off, for every course (admins
 * only) or for some, with an optional end, total uses, uses per student and minimum taka price.
 */
@Entity('coupon')
export class Coupon {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Latin letters and digits, kept in capitals: codes are matched whatever their case. */
  @Index({ unique: true })
  @Column({ type: 'text' })
  code: string;

  @Column({ type: 'int', nullable: true })
  percentOff: number | null;

  /** Taka off, in poisha; taka payments only. */
  @Column({ name: 'amountOffCents', type: 'int', nullable: true })
  amountOffMinor: number | null;

  /** The courses it is for; empty: every course (site-wide, made by an admin). */
  @Column({ type: 'uuid', array: true, default: '{}' })
  courseIds: string[];

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'int', nullable: true })
  maxUses: number | null;

  @Column({ type: 'int', default: 1 })
  maxUsesPerStudent: number;

  /** The least taka price (in poisha) of a course it applies to. */
  @Column({ name: 'minPriceCents', type: 'int', nullable: true })
  minPriceMinor: number | null;

  @Column({ type: 'uuid' })
  createdById: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/**
 * One use of a coupon: written with the payment it lowered (counted while that payment is not
 * FAILED), or alone when the coupon took the whole price and the course was given without a payment.
 */
@Entity('coupon_redemption')
@Index('coupon_redemption_coupon_student', ['couponId', 'studentId'])
export class CouponRedemption {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  couponId: string;

  @Column({ type: 'uuid' })
  studentId: string;

  @Column({ type: 'uuid' })
  courseId: string;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  paymentId: string | null;

  /** What it took off, in minor units of `currency`. */
  @Column({ name: 'discountCents', type: 'int' })
  discountMinor: number;

  @Column({ type: 'text' })
  currency: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
