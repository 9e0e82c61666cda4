import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { errorText } from "../../../lib/api-client";
import { useI18n } from "../../../lib/i18n";
import { Paths, withQuery } from "../../../lib/paths";
import { ChevronIcon, ServiceIcon } from "../../../ui/icons";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { serviceListQuery } from "../api";

/** "My services" on the mine page: each opens its content page. */
export function ServiceList() {
	const { t, lang } = useI18n();
	const services = useQuery(serviceListQuery(lang));

	let body: ReactNode;
	if (services.isPending) body = <LoadingState compact />;
	else if (services.isError)
		body = <ErrorState compact message={errorText(services.error)} onRetry={() => services.refetch()} />;
	else if (services.data.length === 0) body = <EmptyState compact title={t("mine.noServices")} />;
	else
		body = (
			<ul className="list" data-testid="service-list">
				{services.data.map((service) => (
					<li key={service.id}>
						<Link
							className="list__row"
							to={withQuery(Paths.mineContent, { id: service.id })}
							data-testid={`service-${service.slug}`}
						>
							<ServiceIcon name={service.icon} className="list__icon" />
							<span className="list__label">{service.name}</span>
							<ChevronIcon className="list__chevron" />
						</Link>
					</li>
				))}
			</ul>
		);

	return (
		<section className="card section" aria-labelledby="mine-services">
			<h2 className="section__title" id="mine-services">
				{t("mine.services")}
			</h2>
			{body}
		</section>
	);
}
