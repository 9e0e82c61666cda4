-- Issue 30 item 8, decision 039: every foreign key between two tenant-owned tables carries
-- tenant_id on both sides, (tenant_id, x) REFERENCES parent (tenant_id, id).
--
-- Why now, before any distribution: a row can no longer name another tenant's row (an order of
-- tenant 1 pointing at tenant 2's member or shop), which nothing but the code prevented; and it
-- is what Citus needs to distribute these tables by tenant_id, since a foreign key between
-- distributed tables must include the distribution column (db/distribution.postgres.test.ts
-- lists what still blocks that).
--
-- Each referenced table gets UNIQUE (tenant_id, id), which the composite keys point at; id stays
-- the primary key, so every query by id keeps its index. Each rewritten key keeps its name, its
-- (default) actions and its meaning for a NULL reference (MATCH SIMPLE: a NULL x is not checked,
-- as before); tenant_id is NOT NULL on every child here. Checked on the existing rows as it is
-- added: a row that names another tenant's row stops the migration, naming the constraint.
-- On a large database this holds write locks while 20 indexes are built and 91 keys checked:
-- deploy it in a quiet hour.
--
-- Not yet: points_redemption's keys (to its member, shop, item and handler, and points_entry's to
-- it). points/mall.test.ts moves a redemption to another tenant by hand to prove its code opens
-- nothing there, a row these keys forbid; they follow once that test builds a real redemption of
-- another tenant.

ALTER TABLE card_purchase ADD CONSTRAINT card_purchase_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE counter_payment ADD CONSTRAINT counter_payment_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE counter_shift ADD CONSTRAINT counter_shift_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE counter_take ADD CONSTRAINT counter_take_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE coupon_template ADD CONSTRAINT coupon_template_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE customer_order ADD CONSTRAINT customer_order_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE ledger_txn ADD CONSTRAINT ledger_txn_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE member ADD CONSTRAINT member_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE member_coupon ADD CONSTRAINT member_coupon_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE pay_code ADD CONSTRAINT pay_code_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE payment ADD CONSTRAINT payment_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE recharge ADD CONSTRAINT recharge_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE recharge_package ADD CONSTRAINT recharge_package_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE reservation ADD CONSTRAINT reservation_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE shop ADD CONSTRAINT shop_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE shop_bank_card ADD CONSTRAINT shop_bank_card_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE shop_earning ADD CONSTRAINT shop_earning_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE shop_withdrawal ADD CONSTRAINT shop_withdrawal_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE table_bill ADD CONSTRAINT table_bill_tenant_id_id_key UNIQUE (tenant_id, id);
ALTER TABLE vip_card_type ADD CONSTRAINT vip_card_type_tenant_id_id_key UNIQUE (tenant_id, id);

ALTER TABLE auth_session
	DROP CONSTRAINT auth_session_member_id_fkey,
	ADD CONSTRAINT auth_session_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id);
ALTER TABLE bot_message
	DROP CONSTRAINT bot_message_member_id_fkey,
	DROP CONSTRAINT bot_message_shop_id_fkey,
	ADD CONSTRAINT bot_message_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT bot_message_shop_id_fkey FOREIGN KEY (tenant_id, shop_id) REFERENCES shop (tenant_id, id);
ALTER TABLE card_purchase
	DROP CONSTRAINT card_purchase_card_type_id_fkey,
	DROP CONSTRAINT card_purchase_member_id_fkey,
	ADD CONSTRAINT card_purchase_card_type_id_fkey FOREIGN KEY (tenant_id, card_type_id) REFERENCES vip_card_type (tenant_id, id),
	ADD CONSTRAINT card_purchase_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id);
ALTER TABLE counter_payment
	DROP CONSTRAINT counter_payment_member_id_fkey,
	DROP CONSTRAINT counter_payment_pay_code_id_fkey,
	DROP CONSTRAINT counter_payment_refunded_by_member_id_fkey,
	DROP CONSTRAINT counter_payment_shop_id_fkey,
	DROP CONSTRAINT counter_payment_taken_by_member_id_fkey,
	ADD CONSTRAINT counter_payment_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT counter_payment_pay_code_id_fkey FOREIGN KEY (tenant_id, pay_code_id) REFERENCES pay_code (tenant_id, id),
	ADD CONSTRAINT counter_payment_refunded_by_member_id_fkey FOREIGN KEY (tenant_id, refunded_by_member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT counter_payment_shop_id_fkey FOREIGN KEY (tenant_id, shop_id) REFERENCES shop (tenant_id, id),
	ADD CONSTRAINT counter_payment_taken_by_member_id_fkey FOREIGN KEY (tenant_id, taken_by_member_id) REFERENCES member (tenant_id, id);
ALTER TABLE counter_shift
	DROP CONSTRAINT counter_shift_shop_id_fkey,
	DROP CONSTRAINT counter_shift_staff_member_id_fkey,
	ADD CONSTRAINT counter_shift_shop_id_fkey FOREIGN KEY (tenant_id, shop_id) REFERENCES shop (tenant_id, id),
	ADD CONSTRAINT counter_shift_staff_member_id_fkey FOREIGN KEY (tenant_id, staff_member_id) REFERENCES member (tenant_id, id);
ALTER TABLE counter_take
	DROP CONSTRAINT counter_take_payer_member_id_fkey,
	DROP CONSTRAINT counter_take_payment_id_fkey,
	DROP CONSTRAINT counter_take_refund_shift_id_fkey,
	DROP CONSTRAINT counter_take_refunded_by_member_id_fkey,
	DROP CONSTRAINT counter_take_shift_id_fkey,
	DROP CONSTRAINT counter_take_shop_id_fkey,
	DROP CONSTRAINT counter_take_staff_member_id_fkey,
	ADD CONSTRAINT counter_take_payer_member_id_fkey FOREIGN KEY (tenant_id, payer_member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT counter_take_payment_id_fkey FOREIGN KEY (tenant_id, payment_id) REFERENCES payment (tenant_id, id),
	ADD CONSTRAINT counter_take_refund_shift_id_fkey FOREIGN KEY (tenant_id, refund_shift_id) REFERENCES counter_shift (tenant_id, id),
	ADD CONSTRAINT counter_take_refunded_by_member_id_fkey FOREIGN KEY (tenant_id, refunded_by_member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT counter_take_shift_id_fkey FOREIGN KEY (tenant_id, shift_id) REFERENCES counter_shift (tenant_id, id),
	ADD CONSTRAINT counter_take_shop_id_fkey FOREIGN KEY (tenant_id, shop_id) REFERENCES shop (tenant_id, id),
	ADD CONSTRAINT counter_take_staff_member_id_fkey FOREIGN KEY (tenant_id, staff_member_id) REFERENCES member (tenant_id, id);
ALTER TABLE customer_order
	DROP CONSTRAINT customer_order_bill_id_fkey,
	DROP CONSTRAINT customer_order_coupon_id_fkey,
	DROP CONSTRAINT customer_order_gateway_payment_id_fkey,
	DROP CONSTRAINT customer_order_member_id_fkey,
	DROP CONSTRAINT customer_order_paid_by_member_id_fkey,
	DROP CONSTRAINT customer_order_placed_by_member_id_fkey,
	DROP CONSTRAINT customer_order_shop_id_fkey,
	ADD CONSTRAINT customer_order_bill_id_fkey FOREIGN KEY (tenant_id, bill_id) REFERENCES table_bill (tenant_id, id),
	ADD CONSTRAINT customer_order_coupon_id_fkey FOREIGN KEY (tenant_id, coupon_id) REFERENCES member_coupon (tenant_id, id),
	ADD CONSTRAINT customer_order_gateway_payment_id_fkey FOREIGN KEY (tenant_id, gateway_payment_id) REFERENCES payment (tenant_id, id),
	ADD CONSTRAINT customer_order_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT customer_order_paid_by_member_id_fkey FOREIGN KEY (tenant_id, paid_by_member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT customer_order_placed_by_member_id_fkey FOREIGN KEY (tenant_id, placed_by_member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT customer_order_shop_id_fkey FOREIGN KEY (tenant_id, shop_id) REFERENCES shop (tenant_id, id);
ALTER TABLE gateway_refund
	DROP CONSTRAINT gateway_refund_gateway_payment_id_fkey,
	DROP CONSTRAINT gateway_refund_transfer_recorded_by_fkey,
	ADD CONSTRAINT gateway_refund_gateway_payment_id_fkey FOREIGN KEY (tenant_id, gateway_payment_id) REFERENCES payment (tenant_id, id),
	ADD CONSTRAINT gateway_refund_transfer_recorded_by_fkey FOREIGN KEY (tenant_id, transfer_recorded_by) REFERENCES member (tenant_id, id);
ALTER TABLE ledger_account
	DROP CONSTRAINT ledger_account_member_id_fkey,
	DROP CONSTRAINT ledger_account_shop_id_fkey,
	ADD CONSTRAINT ledger_account_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT ledger_account_shop_id_fkey FOREIGN KEY (tenant_id, shop_id) REFERENCES shop (tenant_id, id);
ALTER TABLE ledger_txn
	DROP CONSTRAINT ledger_txn_card_purchase_id_fkey,
	DROP CONSTRAINT ledger_txn_counter_payment_id_fkey,
	DROP CONSTRAINT ledger_txn_recharge_id_fkey,
	DROP CONSTRAINT ledger_txn_reservation_id_fkey,
	DROP CONSTRAINT ledger_txn_shop_earning_id_fkey,
	DROP CONSTRAINT ledger_txn_withdrawal_id_fkey,
	ADD CONSTRAINT ledger_txn_card_purchase_id_fkey FOREIGN KEY (tenant_id, card_purchase_id) REFERENCES card_purchase (tenant_id, id),
	ADD CONSTRAINT ledger_txn_counter_payment_id_fkey FOREIGN KEY (tenant_id, counter_payment_id) REFERENCES counter_payment (tenant_id, id),
	ADD CONSTRAINT ledger_txn_recharge_id_fkey FOREIGN KEY (tenant_id, recharge_id) REFERENCES recharge (tenant_id, id),
	ADD CONSTRAINT ledger_txn_reservation_id_fkey FOREIGN KEY (tenant_id, reservation_id) REFERENCES reservation (tenant_id, id),
	ADD CONSTRAINT ledger_txn_shop_earning_id_fkey FOREIGN KEY (tenant_id, shop_earning_id) REFERENCES shop_earning (tenant_id, id),
	ADD CONSTRAINT ledger_txn_withdrawal_id_fkey FOREIGN KEY (tenant_id, withdrawal_id) REFERENCES shop_withdrawal (tenant_id, id);
ALTER TABLE member_address
	DROP CONSTRAINT member_address_member_id_fkey,
	ADD CONSTRAINT member_address_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id);
ALTER TABLE member_card
	DROP CONSTRAINT member_card_card_type_id_fkey,
	DROP CONSTRAINT member_card_member_id_fkey,
	ADD CONSTRAINT member_card_card_type_id_fkey FOREIGN KEY (tenant_id, card_type_id) REFERENCES vip_card_type (tenant_id, id),
	ADD CONSTRAINT member_card_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id);
ALTER TABLE member_coupon
	DROP CONSTRAINT member_coupon_member_id_fkey,
	DROP CONSTRAINT member_coupon_order_id_fkey,
	DROP CONSTRAINT member_coupon_template_id_fkey,
	ADD CONSTRAINT member_coupon_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT member_coupon_order_id_fkey FOREIGN KEY (tenant_id, order_id) REFERENCES customer_order (tenant_id, id),
	ADD CONSTRAINT member_coupon_template_id_fkey FOREIGN KEY (tenant_id, template_id) REFERENCES coupon_template (tenant_id, id);
ALTER TABLE member_notice_settings
	DROP CONSTRAINT member_notice_settings_member_id_fkey,
	ADD CONSTRAINT member_notice_settings_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id);
ALTER TABLE pay_code
	DROP CONSTRAINT pay_code_member_id_fkey,
	ADD CONSTRAINT pay_code_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id);
ALTER TABLE payment
	DROP CONSTRAINT gateway_payment_payer_member_id_fkey,
	ADD CONSTRAINT gateway_payment_payer_member_id_fkey FOREIGN KEY (tenant_id, payer_member_id) REFERENCES member (tenant_id, id);
ALTER TABLE payment_discrepancy
	DROP CONSTRAINT payment_discrepancy_payment_id_fkey,
	DROP CONSTRAINT payment_discrepancy_resolved_by_fkey,
	ADD CONSTRAINT payment_discrepancy_payment_id_fkey FOREIGN KEY (tenant_id, payment_id) REFERENCES payment (tenant_id, id),
	ADD CONSTRAINT payment_discrepancy_resolved_by_fkey FOREIGN KEY (tenant_id, resolved_by) REFERENCES member (tenant_id, id);
ALTER TABLE payment_rail_audit
	DROP CONSTRAINT payment_rail_audit_member_id_fkey,
	ADD CONSTRAINT payment_rail_audit_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id);
ALTER TABLE payment_rail_settings
	DROP CONSTRAINT payment_rail_settings_updated_by_fkey,
	ADD CONSTRAINT payment_rail_settings_updated_by_fkey FOREIGN KEY (tenant_id, updated_by) REFERENCES member (tenant_id, id);
ALTER TABLE platform_operator
	DROP CONSTRAINT platform_operator_member_id_fkey,
	ADD CONSTRAINT platform_operator_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id);
ALTER TABLE points_entry
	DROP CONSTRAINT points_entry_member_id_fkey,
	DROP CONSTRAINT points_entry_order_id_fkey,
	ADD CONSTRAINT points_entry_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT points_entry_order_id_fkey FOREIGN KEY (tenant_id, order_id) REFERENCES customer_order (tenant_id, id);
ALTER TABLE recharge
	DROP CONSTRAINT recharge_member_id_fkey,
	DROP CONSTRAINT recharge_package_id_fkey,
	ADD CONSTRAINT recharge_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT recharge_package_id_fkey FOREIGN KEY (tenant_id, package_id) REFERENCES recharge_package (tenant_id, id);
ALTER TABLE reservation
	DROP CONSTRAINT reservation_bill_id_fkey,
	DROP CONSTRAINT reservation_created_by_member_id_fkey,
	DROP CONSTRAINT reservation_member_id_fkey,
	DROP CONSTRAINT reservation_preorder_order_id_fkey,
	DROP CONSTRAINT reservation_shop_id_fkey,
	ADD CONSTRAINT reservation_bill_id_fkey FOREIGN KEY (tenant_id, bill_id) REFERENCES table_bill (tenant_id, id),
	ADD CONSTRAINT reservation_created_by_member_id_fkey FOREIGN KEY (tenant_id, created_by_member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT reservation_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT reservation_preorder_order_id_fkey FOREIGN KEY (tenant_id, preorder_order_id) REFERENCES customer_order (tenant_id, id),
	ADD CONSTRAINT reservation_shop_id_fkey FOREIGN KEY (tenant_id, shop_id) REFERENCES shop (tenant_id, id);
ALTER TABLE shop_bank_card
	DROP CONSTRAINT shop_bank_card_added_by_member_id_fkey,
	DROP CONSTRAINT shop_bank_card_removed_by_member_id_fkey,
	DROP CONSTRAINT shop_bank_card_shop_id_fkey,
	ADD CONSTRAINT shop_bank_card_added_by_member_id_fkey FOREIGN KEY (tenant_id, added_by_member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT shop_bank_card_removed_by_member_id_fkey FOREIGN KEY (tenant_id, removed_by_member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT shop_bank_card_shop_id_fkey FOREIGN KEY (tenant_id, shop_id) REFERENCES shop (tenant_id, id);
ALTER TABLE shop_bot_group
	DROP CONSTRAINT shop_bot_group_linked_by_member_id_fkey,
	DROP CONSTRAINT shop_bot_group_shop_id_fkey,
	ADD CONSTRAINT shop_bot_group_linked_by_member_id_fkey FOREIGN KEY (tenant_id, linked_by_member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT shop_bot_group_shop_id_fkey FOREIGN KEY (tenant_id, shop_id) REFERENCES shop (tenant_id, id);
ALTER TABLE shop_bot_group_link
	DROP CONSTRAINT shop_bot_group_link_member_id_fkey,
	DROP CONSTRAINT shop_bot_group_link_shop_id_fkey,
	ADD CONSTRAINT shop_bot_group_link_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT shop_bot_group_link_shop_id_fkey FOREIGN KEY (tenant_id, shop_id) REFERENCES shop (tenant_id, id);
ALTER TABLE shop_change
	DROP CONSTRAINT shop_change_member_id_fkey,
	DROP CONSTRAINT shop_change_shop_id_fkey,
	ADD CONSTRAINT shop_change_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT shop_change_shop_id_fkey FOREIGN KEY (tenant_id, shop_id) REFERENCES shop (tenant_id, id);
ALTER TABLE shop_earning
	DROP CONSTRAINT shop_earning_counter_payment_id_fkey,
	DROP CONSTRAINT shop_earning_counter_take_id_fkey,
	DROP CONSTRAINT shop_earning_ledger_txn_id_fkey,
	DROP CONSTRAINT shop_earning_order_id_fkey,
	DROP CONSTRAINT shop_earning_reservation_id_fkey,
	DROP CONSTRAINT shop_earning_shop_id_fkey,
	ADD CONSTRAINT shop_earning_counter_payment_id_fkey FOREIGN KEY (tenant_id, counter_payment_id) REFERENCES counter_payment (tenant_id, id),
	ADD CONSTRAINT shop_earning_counter_take_id_fkey FOREIGN KEY (tenant_id, counter_take_id) REFERENCES counter_take (tenant_id, id),
	ADD CONSTRAINT shop_earning_ledger_txn_id_fkey FOREIGN KEY (tenant_id, ledger_txn_id) REFERENCES ledger_txn (tenant_id, id),
	ADD CONSTRAINT shop_earning_order_id_fkey FOREIGN KEY (tenant_id, order_id) REFERENCES customer_order (tenant_id, id),
	ADD CONSTRAINT shop_earning_reservation_id_fkey FOREIGN KEY (tenant_id, reservation_id) REFERENCES reservation (tenant_id, id),
	ADD CONSTRAINT shop_earning_shop_id_fkey FOREIGN KEY (tenant_id, shop_id) REFERENCES shop (tenant_id, id);
ALTER TABLE shop_withdrawal
	DROP CONSTRAINT shop_withdrawal_card_id_fkey,
	DROP CONSTRAINT shop_withdrawal_requested_by_member_id_fkey,
	DROP CONSTRAINT shop_withdrawal_shop_id_fkey,
	ADD CONSTRAINT shop_withdrawal_card_id_fkey FOREIGN KEY (tenant_id, card_id) REFERENCES shop_bank_card (tenant_id, id),
	ADD CONSTRAINT shop_withdrawal_requested_by_member_id_fkey FOREIGN KEY (tenant_id, requested_by_member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT shop_withdrawal_shop_id_fkey FOREIGN KEY (tenant_id, shop_id) REFERENCES shop (tenant_id, id);
ALTER TABLE shop_withdrawal_reveal
	DROP CONSTRAINT shop_withdrawal_reveal_member_id_fkey,
	DROP CONSTRAINT shop_withdrawal_reveal_withdrawal_id_fkey,
	ADD CONSTRAINT shop_withdrawal_reveal_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT shop_withdrawal_reveal_withdrawal_id_fkey FOREIGN KEY (tenant_id, withdrawal_id) REFERENCES shop_withdrawal (tenant_id, id);
ALTER TABLE table_bill
	DROP CONSTRAINT table_bill_reservation_id_fkey,
	DROP CONSTRAINT table_bill_settled_by_member_id_fkey,
	DROP CONSTRAINT table_bill_shop_id_fkey,
	ADD CONSTRAINT table_bill_reservation_id_fkey FOREIGN KEY (tenant_id, reservation_id) REFERENCES reservation (tenant_id, id),
	ADD CONSTRAINT table_bill_settled_by_member_id_fkey FOREIGN KEY (tenant_id, settled_by_member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT table_bill_shop_id_fkey FOREIGN KEY (tenant_id, shop_id) REFERENCES shop (tenant_id, id);
ALTER TABLE table_call
	DROP CONSTRAINT table_call_answered_by_member_id_fkey,
	DROP CONSTRAINT table_call_bill_id_fkey,
	DROP CONSTRAINT table_call_member_id_fkey,
	DROP CONSTRAINT table_call_shop_id_fkey,
	ADD CONSTRAINT table_call_answered_by_member_id_fkey FOREIGN KEY (tenant_id, answered_by_member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT table_call_bill_id_fkey FOREIGN KEY (tenant_id, bill_id) REFERENCES table_bill (tenant_id, id),
	ADD CONSTRAINT table_call_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT table_call_shop_id_fkey FOREIGN KEY (tenant_id, shop_id) REFERENCES shop (tenant_id, id);
ALTER TABLE telegram_identity
	DROP CONSTRAINT telegram_identity_member_id_fkey,
	ADD CONSTRAINT telegram_identity_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id);
ALTER TABLE tenant_admin
	DROP CONSTRAINT tenant_admin_granted_by_fkey,
	DROP CONSTRAINT tenant_admin_member_id_fkey,
	ADD CONSTRAINT tenant_admin_granted_by_fkey FOREIGN KEY (tenant_id, granted_by) REFERENCES member (tenant_id, id),
	ADD CONSTRAINT tenant_admin_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id);
ALTER TABLE uploaded_file
	DROP CONSTRAINT uploaded_file_member_id_fkey,
	ADD CONSTRAINT uploaded_file_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id);
ALTER TABLE wechat_payer
	DROP CONSTRAINT wechat_payer_member_id_fkey,
	ADD CONSTRAINT wechat_payer_member_id_fkey FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id);
