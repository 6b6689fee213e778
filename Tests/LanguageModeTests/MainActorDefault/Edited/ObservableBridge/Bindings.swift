// A screen that binds a view model to its views, with a stand-in for a UIKit label: a `Binder`
// on the label, `drive` into it, and `bind(to:)` from a relay into the view model.

import ObservableCocoa
import ObservableCore

final class Label {
  var text: String?
  var isHidden = false
}

extension Reactive where Base: Label {
  var text: Binder<String?> {
    Binder(base) { label, text in
      label.text = text
    }
  }

  var isHidden: Binder<Bool> {
    Binder(base) { label, hidden in
      label.isHidden = hidden
    }
  }
}

extension Label: ReactiveCompatible {}

final class CounterViewModel {
  let taps = PublishRelay<Void>()
  private(set) var count = 0
  let countText: Driver<String>

  init() {
    countText = taps.asSignal()
      .scan(0) { count, _ in count + 1 }
      .map { "\($0) taps" }
      .asDriver(onErrorJustReturn: "")
  }

  var incrementer: Binder<Void> {
    Binder(self) { model, _ in
      model.count += 1
    }
  }
}

final class CounterScreen {
  let label = Label()
  let spinner = Label()
  let viewModel = CounterViewModel()
  private let disposeBag = DisposeBag()

  func bind(searching: Driver<Bool>) {
    viewModel.countText
      .drive(label.rx.text)
      .disposed(by: disposeBag)

    searching
      .map { !$0 }
      .drive(spinner.rx.isHidden)
      .disposed(by: disposeBag)

    viewModel.taps
      .bind(to: viewModel.incrementer)
      .disposed(by: disposeBag)

    viewModel.countText
      .drive(onNext: { text in
        self.label.text = text
      })
      .disposed(by: disposeBag)
  }
}
