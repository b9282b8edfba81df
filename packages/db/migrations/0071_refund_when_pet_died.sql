-- A visit cancelled because the owner told the portal their pet had died gives its deposit back: its own
-- refund reason.
ALTER TYPE "public"."refund_reason" ADD VALUE 'pet_died' AFTER 'time_not_kept';